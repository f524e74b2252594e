/// A closed set with a fixed slot per case in the scoreboard, its raw value
/// (0 for the first case, up to `last`'s): the routes, endpoints, statuses,
/// latency buckets, worker exits and nginx's rejections.
public protocol Slotted: CaseIterable {
    /// The case's slot.
    var rawValue: Int { get }
    /// The case with the highest slot.
    static var last: Self { get }
}

extension Slotted {
    /// How many there are: a constant, where `allCases.count` builds an array
    /// on every call (the scoreboard computes a slot with it per request).
    @inlinable public static var slots: Int { last.rawValue + 1 }
}
