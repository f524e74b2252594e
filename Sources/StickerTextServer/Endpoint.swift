/// What `/metrics` counts requests by: the API's routes, `/metrics` itself,
/// and `other` for every path that is neither (its 404s). A closed set, so
/// the scoreboard has a fixed slot per endpoint; the raw value is that slot.
public enum Endpoint: Int, CaseIterable, Sendable {
    case health, packs, stickers, render, edit, count, metrics, other

    /// How many there are: a constant, where `allCases.count` builds an array
    /// on every call (the scoreboard computes a slot with it per request).
    public static var slots: Int { other.rawValue + 1 }

    public init(path: String) {
        switch path {
        case "/api/health": self = .health
        case "/api/packs": self = .packs
        case "/api/stickers": self = .stickers
        case "/api/render": self = .render
        case "/api/edit": self = .edit
        case "/api/count": self = .count
        case MetricsRoute.path: self = .metrics
        default: self = .other
        }
    }

    /// The label value: the path, so a dashboard reads like the API.
    public var label: String {
        switch self {
        case .health: "/api/health"
        case .packs: "/api/packs"
        case .stickers: "/api/stickers"
        case .render: "/api/render"
        case .edit: "/api/edit"
        case .count: "/api/count"
        case .metrics: MetricsRoute.path
        case .other: "other"
        }
    }
}
