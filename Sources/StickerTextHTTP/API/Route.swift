/// The service's paths: the one table of what the backend serves, each
/// path with the methods it allows. A request's path is looked up here once
/// (`init(path:)`), and everything after switches over the route:
/// `APIHandler` answers it, the worker sends `metrics` to `MetricsRoute`,
/// `/metrics` counts by it (`Endpoint`), and `NginxErrorPages` writes the
/// `Allow` of the 405s nginx answers itself from it.
public enum Route: Int, Slotted, Sendable {
    case health, packs, stickers, render, edit, count, metrics

    @inlinable public static var last: Route { .metrics }

    /// The route of `path`, or nil (a 404): looked up once per request.
    public init?(path: String) {
        guard let index = Self.paths.firstIndex(of: path) else { return nil }
        self.init(rawValue: index)
    }

    public var path: String { Self.paths[rawValue] }

    /// Each route's path, in the order of the cases: the one place a path is written.
    private static let paths = [
        "/api/health", "/api/packs", "/api/stickers", "/api/render", "/api/edit", "/api/count", "/metrics",
    ]

    /// The methods the route allows: the `Allow` of its 405s, the service's and nginx's.
    public var methods: [String] {
        switch self {
        case .health, .packs, .stickers, .metrics: ["GET", "HEAD"]
        case .render: ["GET", "HEAD", "POST"]
        case .edit, .count: ["POST"]
        }
    }

    public func allows(_ method: String) -> Bool { methods.contains(method) }

    /// Whether the route is the JSON API's (under `/api/`, answered by
    /// `APIHandler`); `/metrics` is the scoreboard's, answered by `MetricsRoute`.
    public var isAPI: Bool { self != .metrics }
}
