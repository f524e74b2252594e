/// The scoreboard's counters read at one scrape, whoever holds them: what
/// `MetricsExposition` writes out. Counters are read one by one (relaxed),
/// so a request finishing during the read may show in one counter and not
/// yet in another; each counter on its own only ever grows.
public struct MetricsSnapshot: Equatable, Sendable {
    /// Requests answered, endpoint-major: `[endpoint.rawValue * ResponseStatus.slots + status.rawValue]`.
    public var requests: [UInt64]
    /// Durations per bucket, not cumulative, endpoint-major:
    /// `[endpoint.rawValue * LatencyBucket.slots + bucket.rawValue]`.
    public var latencyBuckets: [UInt64]
    /// The sum of the durations per endpoint, in microseconds.
    public var latencyMicros: [UInt64]
    public var inFlight: UInt64
    public var workersAlive: UInt64
    /// Per `WorkerExit`.
    public var restarts: [UInt64]
    /// Per `NginxRejection`.
    public var nginxRejections: [UInt64]

    /// All zero: a service that has answered nothing yet.
    public init() {
        requests = Array(repeating: 0, count: Endpoint.slots * ResponseStatus.slots)
        latencyBuckets = Array(repeating: 0, count: Endpoint.slots * LatencyBucket.slots)
        latencyMicros = Array(repeating: 0, count: Endpoint.slots)
        inFlight = 0
        workersAlive = 0
        restarts = Array(repeating: 0, count: WorkerExit.slots)
        nginxRejections = Array(repeating: 0, count: NginxRejection.slots)
    }

    public subscript(endpoint: Endpoint, status: ResponseStatus) -> UInt64 {
        get { requests[endpoint.rawValue * ResponseStatus.slots + status.rawValue] }
        set { requests[endpoint.rawValue * ResponseStatus.slots + status.rawValue] = newValue }
    }

    public subscript(endpoint: Endpoint, bucket: LatencyBucket) -> UInt64 {
        get { latencyBuckets[endpoint.rawValue * LatencyBucket.slots + bucket.rawValue] }
        set { latencyBuckets[endpoint.rawValue * LatencyBucket.slots + bucket.rawValue] = newValue }
    }
}
