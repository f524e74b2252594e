import Testing

@testable import StickerTextHTTP

/// The scoreboard's snapshot in Prometheus's text format, line by line.
struct MetricsExpositionTests {
    func lines(_ snapshot: MetricsSnapshot) -> [String] {
        MetricsExposition.text(snapshot).split(separator: "\n").map(String.init)
    }

    @Test func aServiceThatAnsweredNothingStillReportsItsGaugesAndFixedCounters() {
        var snapshot = MetricsSnapshot()
        snapshot.workersAlive = 2
        let text = lines(snapshot)
        #expect(text.contains("stickertext_workers_alive 2"))
        #expect(text.contains("stickertext_requests_in_flight 0"))
        #expect(text.contains(#"stickertext_worker_restarts_total{cause="killed"} 0"#))
        #expect(text.contains(#"stickertext_nginx_rejections_total{status="429"} 0"#))
        #expect(!text.contains { $0.hasPrefix("stickertext_requests_total{") })
        #expect(!text.contains { $0.hasPrefix("stickertext_request_duration_seconds_") })
    }

    @Test func everyFamilyIsIntroducedByItsHelpAndType() {
        let text = lines(MetricsSnapshot())
        for (name, type) in [
            ("stickertext_requests_total", "counter"), ("stickertext_request_duration_seconds", "histogram"),
            ("stickertext_requests_in_flight", "gauge"), ("stickertext_workers_alive", "gauge"),
            ("stickertext_worker_restarts_total", "counter"), ("stickertext_nginx_rejections_total", "counter"),
        ] {
            let help = text.firstIndex { $0.hasPrefix("# HELP \(name) ") }
            #expect(help != nil, "\(name) has no HELP")
            if let help { #expect(text[help + 1] == "# TYPE \(name) \(type)") }
        }
    }

    @Test func requestsAreCountedByEndpointAndStatusAndOnlyThoseSeenAreListed() {
        var snapshot = MetricsSnapshot()
        snapshot.record(.route(.render), .ok, micros: 700)
        snapshot.record(.route(.render), .ok, micros: 800)
        snapshot.record(.route(.render), .badRequest, micros: 90)
        snapshot.record(.other, .notFound, micros: 50)
        let requests = lines(snapshot).filter { $0.hasPrefix("stickertext_requests_total{") }
        #expect(
            requests == [
                #"stickertext_requests_total{endpoint="/api/render",status="200"} 2"#,
                #"stickertext_requests_total{endpoint="/api/render",status="400"} 1"#,
                #"stickertext_requests_total{endpoint="other",status="404"} 1"#,
            ])
    }

    @Test func theHistogramsBucketsAreCumulativeAndEndWithItsSumAndCount() {
        var snapshot = MetricsSnapshot()
        snapshot.record(.route(.count), .ok, micros: 400)
        snapshot.record(.route(.count), .ok, micros: 900)
        snapshot.record(.route(.count), .ok, micros: 12_000_000)
        let count = lines(snapshot).filter {
            $0.contains(#"{endpoint="/api/count""#) && $0.hasPrefix("stickertext_request_duration")
        }
        #expect(count.count == LatencyBucket.allCases.count + 2)
        #expect(count[0] == #"stickertext_request_duration_seconds_bucket{endpoint="/api/count",le="0.0005"} 1"#)
        #expect(count[1] == #"stickertext_request_duration_seconds_bucket{endpoint="/api/count",le="0.001"} 2"#)
        #expect(count[13] == #"stickertext_request_duration_seconds_bucket{endpoint="/api/count",le="10"} 2"#)
        #expect(count[14] == #"stickertext_request_duration_seconds_bucket{endpoint="/api/count",le="+Inf"} 3"#)
        #expect(count[15] == #"stickertext_request_duration_seconds_sum{endpoint="/api/count"} 12.0013"#)
        #expect(count[16] == #"stickertext_request_duration_seconds_count{endpoint="/api/count"} 3"#)
    }

    @Test func secondsAreWrittenExactlyFromMicroseconds() {
        #expect(MetricsExposition.seconds(micros: 0) == "0")
        #expect(MetricsExposition.seconds(micros: 1) == "0.000001")
        #expect(MetricsExposition.seconds(micros: 1500) == "0.0015")
        #expect(MetricsExposition.seconds(micros: 2_000_000) == "2")
        #expect(MetricsExposition.seconds(micros: 3_250_000) == "3.25")
    }

    @Test func workerRestartsAndNginxRejectionsAreListedUnderTheirLabels() {
        var snapshot = MetricsSnapshot()
        snapshot.restarts[WorkerExit.killed.rawValue] = 3
        snapshot.restarts[WorkerExit.retired.rawValue] = 1
        snapshot.nginxRejections[NginxRejection.payloadTooLarge.rawValue] = 5
        let text = lines(snapshot)
        #expect(text.contains(#"stickertext_worker_restarts_total{cause="killed"} 3"#))
        #expect(text.contains(#"stickertext_worker_restarts_total{cause="retired"} 1"#))
        #expect(text.contains(#"stickertext_worker_restarts_total{cause="failed"} 0"#))
        #expect(text.contains(#"stickertext_nginx_rejections_total{status="413"} 5"#))
    }
}

extension MetricsSnapshot {
    /// One request, counted as the scoreboard counts it.
    mutating func record(_ endpoint: Endpoint, _ status: ResponseStatus, micros: UInt64) {
        self[endpoint, status] += 1
        self[endpoint, LatencyBucket(micros: micros)] += 1
        latencyMicros[endpoint.rawValue] += micros
    }
}
