import StickerText
import StickerTextJSON
import Testing

@testable import StickerTextHTTP

/// The closed sets `/metrics` counts by: every request lands in a slot that
/// names it, and a new route or error status cannot fall into `other` unseen.
struct MetricsLabelsTests {
    @Test func everyRouteIsFoundByItsPathAndCountedUnderIt() {
        for route in Route.allCases {
            #expect(Route(path: route.path) == route)
            #expect(Endpoint(route).label == route.path)
        }
        #expect(Route(path: "/metrics") == .metrics)
        #expect(Route(path: "/api/nope") == nil)
        #expect(Route(path: "/api/health/") == nil)
        #expect(Endpoint(Route(path: "/api/nope")) == .other)
        #expect(Endpoint.other.label == "other")
    }

    @Test func theRouteCountIsTheNumberOfRoutes() {
        #expect(Route.slots == Route.allCases.count)
        #expect(Route.allCases.map(\.rawValue) == Array(0..<Route.slots))
    }

    @Test func everyStatusTheServiceAnswersWithHasASlotThatReadsAsItsCode() {
        let answered: [ResponseStatus] = [.ok, .noContent, .notModified] + ErrorCode.allCases.map(\.responseStatus)
        for status in answered {
            #expect(status != .other, "\(status) is counted as other")
            #expect(status.label == status.code.map(String.init), "\(status)")
        }
        // One slot per code: no two statuses share one, so no count is split.
        let codes = ResponseStatus.allCases.compactMap(\.code)
        #expect(Set(codes).count == codes.count && codes.count == ResponseStatus.slots - 1)
        #expect(ResponseStatus.other.label == "other")
    }

    @Test func theSlotsAreDenseAndCountedSoTheScoreboardLayoutHasNoHoles() {
        #expect(Endpoint.allCases.map(\.rawValue) == Array(0..<Endpoint.slots))
        #expect(ResponseStatus.allCases.map(\.rawValue) == Array(0..<ResponseStatus.slots))
        #expect(LatencyBucket.allCases.map(\.rawValue) == Array(0..<LatencyBucket.slots))
        #expect(WorkerExit.allCases.map(\.rawValue) == Array(0..<WorkerExit.slots))
        #expect(NginxRejection.allCases.map(\.rawValue) == Array(0..<NginxRejection.slots))
    }

    @Test func eachBucketHoldsItsOwnBoundAndTheNextHoldsOneMicrosecondMore() {
        for bucket in LatencyBucket.allCases.dropLast() {
            let bound = bucket.bound!
            #expect(LatencyBucket(micros: bound) == bucket)
            #expect(LatencyBucket(micros: bound + 1) == LatencyBucket(rawValue: bucket.rawValue + 1))
        }
        #expect(LatencyBucket.infinite.bound == nil)
    }

    @Test func aDurationFallsInTheSmallestBucketWhoseBoundHoldsIt() {
        #expect(LatencyBucket(micros: 0) == .le500us)
        #expect(LatencyBucket(micros: 500) == .le500us)
        #expect(LatencyBucket(micros: 501) == .le1ms)
        #expect(LatencyBucket(micros: 30_000) == .le50ms)
        #expect(LatencyBucket(micros: 10_000_000) == .le10s)
        #expect(LatencyBucket(micros: 10_000_001) == .infinite)
        #expect(
            LatencyBucket.allCases.map(\.label) == [
                "0.0005", "0.001", "0.0025", "0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5",
                "10", "+Inf",
            ])
    }

    @Test func nginxsDatagramNamesTheRejectionByItsStatus() {
        func parse(_ text: String) -> NginxRejection? { NginxRejection(datagram: Array(text.utf8)) }
        #expect(parse("<190>Nov 22 06:50:00 stickertext: 413") == .payloadTooLarge)
        #expect(parse("<190>Nov 22 06:50:00 stickertext: 429") == .tooManyRequests)
        #expect(parse("<190>Nov 22 06:50:00 stickertext: 200") == nil)
        #expect(parse("<190>Nov 22 06:50:00 stickertext: 4130") == nil)
        #expect(parse("413") == nil)
        #expect(parse("") == nil)
    }
}
