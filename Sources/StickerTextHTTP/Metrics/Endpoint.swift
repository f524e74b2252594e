/// What `/metrics` counts requests by: each route (`Route`), and `other`
/// for every path that is none (its 404s). A closed set, so the scoreboard
/// has a fixed slot per endpoint; `rawValue` is that slot.
public enum Endpoint: Hashable, Slotted, Sendable {
    case route(Route)
    case other

    public static let allCases: [Endpoint] = Route.allCases.map(Endpoint.route) + [.other]

    @inlinable public static var last: Endpoint { .other }

    public init(_ route: Route?) {
        self = route.map(Endpoint.route) ?? .other
    }

    public var rawValue: Int {
        switch self {
        case .route(let route): route.rawValue
        case .other: Route.slots
        }
    }

    /// The label value: the route's path, so a dashboard reads like the API.
    public var label: String {
        switch self {
        case .route(let route): route.path
        case .other: "other"
        }
    }
}
