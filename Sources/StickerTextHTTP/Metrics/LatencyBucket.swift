/// The request-duration histogram's buckets: fixed upper bounds from 0.5 ms
/// to 10 s (a request is answered in well under a millisecond to a few
/// hundred), and `+Inf`. The raw value is the bucket's slot.
public enum LatencyBucket: Int, Slotted, Sendable {
    case le500us, le1ms, le2500us, le5ms, le10ms, le25ms, le50ms, le100ms, le250ms, le500ms
    case le1s, le2500ms, le5s, le10s, infinite

    @inlinable public static var last: LatencyBucket { .infinite }

    /// The smallest bucket that holds a duration: constant comparisons, no
    /// table to look up, as this runs on every request.
    public init(micros: UInt64) {
        self =
            switch micros {
            case ...500: .le500us
            case ...1000: .le1ms
            case ...2500: .le2500us
            case ...5000: .le5ms
            case ...10_000: .le10ms
            case ...25_000: .le25ms
            case ...50_000: .le50ms
            case ...100_000: .le100ms
            case ...250_000: .le250ms
            case ...500_000: .le500ms
            case ...1_000_000: .le1s
            case ...2_500_000: .le2500ms
            case ...5_000_000: .le5s
            case ...10_000_000: .le10s
            default: .infinite
            }
    }

    /// The upper bound in microseconds; none for `infinite`.
    public var bound: UInt64? {
        switch self {
        case .le500us: 500
        case .le1ms: 1000
        case .le2500us: 2500
        case .le5ms: 5000
        case .le10ms: 10_000
        case .le25ms: 25_000
        case .le50ms: 50_000
        case .le100ms: 100_000
        case .le250ms: 250_000
        case .le500ms: 500_000
        case .le1s: 1_000_000
        case .le2500ms: 2_500_000
        case .le5s: 5_000_000
        case .le10s: 10_000_000
        case .infinite: nil
        }
    }

    /// The `le` label: the bound in seconds, written exactly (no Double printing).
    public var label: String {
        bound.map { MetricsExposition.seconds(micros: $0) } ?? "+Inf"
    }
}
