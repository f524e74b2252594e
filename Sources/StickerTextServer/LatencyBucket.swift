/// The request-duration histogram's buckets: fixed upper bounds from 0.5 ms
/// to 10 s (a request is answered in well under a millisecond to a few
/// hundred), and `+Inf`. The raw value is the bucket's slot.
public enum LatencyBucket: Int, CaseIterable, Sendable {
    case le500us, le1ms, le2500us, le5ms, le10ms, le25ms, le50ms, le100ms, le250ms, le500ms
    case le1s, le2500ms, le5s, le10s, infinite

    /// Upper bounds in microseconds, in slot order; `infinite` has none.
    private static let bounds: [UInt64] = [
        500, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000,
        1_000_000, 2_500_000, 5_000_000, 10_000_000,
    ]

    /// The smallest bucket that holds a duration: a scan, as most requests
    /// stop at the first bucket or two.
    public init(micros: UInt64) {
        var slot = 0
        while slot < Self.bounds.count && micros > Self.bounds[slot] { slot += 1 }
        self = LatencyBucket(rawValue: slot)!
    }

    /// The `le` label: the bound in seconds, written exactly (no Double printing).
    public var label: String {
        self == .infinite ? "+Inf" : MetricsExposition.seconds(micros: Self.bounds[rawValue])
    }
}
