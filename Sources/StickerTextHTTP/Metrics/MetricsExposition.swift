/// The scoreboard in Prometheus's text format (version 0.0.4), written by
/// hand rather than with swift-prometheus: that library keeps its registry
/// in each process's memory, so each worker would report only its own
/// requests and none would see the master's restarts or nginx's
/// rejections. Here every process shares one scoreboard (see
/// `Scoreboard`), and a scrape only turns a snapshot of it into text.
public enum MetricsExposition {
    public static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    public static func text(_ snapshot: MetricsSnapshot) -> String {
        var out = ""
        family(
            &out, "stickertext_requests_total", "counter",
            "Requests the backend answered, by endpoint and status "
                + "(nginx's own rejections are in stickertext_nginx_rejections_total).")
        for endpoint in Endpoint.allCases {
            for status in ResponseStatus.allCases where snapshot[endpoint, status] > 0 {
                let labels = "endpoint=\"\(endpoint.label)\",status=\"\(status.label)\""
                sample(&out, "stickertext_requests_total", labels, snapshot[endpoint, status])
            }
        }

        family(
            &out, "stickertext_request_duration_seconds", "histogram",
            "Time from accepting a request to finishing its answer, by endpoint.")
        for endpoint in Endpoint.allCases {
            var cumulative: UInt64 = 0
            for bucket in LatencyBucket.allCases {
                cumulative += snapshot[endpoint, bucket]
            }
            guard cumulative > 0 else { continue }  // an endpoint not asked yet
            let total = cumulative
            cumulative = 0
            for bucket in LatencyBucket.allCases {
                cumulative += snapshot[endpoint, bucket]
                let labels = "endpoint=\"\(endpoint.label)\",le=\"\(bucket.label)\""
                sample(&out, "stickertext_request_duration_seconds_bucket", labels, cumulative)
            }
            let labels = "endpoint=\"\(endpoint.label)\""
            let sum = seconds(micros: snapshot.latencyMicros[endpoint.rawValue])
            sample(&out, "stickertext_request_duration_seconds_sum", labels, sum)
            sample(&out, "stickertext_request_duration_seconds_count", labels, total)
        }

        family(
            &out, "stickertext_requests_in_flight", "gauge",
            "Requests the workers are answering now, this scrape among them.")
        out += "stickertext_requests_in_flight \(snapshot.inFlight)\n"

        family(&out, "stickertext_workers_alive", "gauge", "Worker processes running.")
        out += "stickertext_workers_alive \(snapshot.workersAlive)\n"

        family(
            &out, "stickertext_worker_restarts_total", "counter",
            "Workers the master replaced, by how the old one ended.")
        for cause in WorkerExit.allCases {
            sample(
                &out, "stickertext_worker_restarts_total", "cause=\"\(cause.label)\"", snapshot.restarts[cause.rawValue]
            )
        }

        family(
            &out, "stickertext_nginx_rejections_total", "counter",
            "Requests nginx refused itself, so the backend never saw them: "
                + "413 over client_max_body_size, 429 from limit_req or limit_conn.")
        for rejection in NginxRejection.allCases {
            let count = snapshot.nginxRejections[rejection.rawValue]
            sample(&out, "stickertext_nginx_rejections_total", "status=\"\(rejection.label)\"", count)
        }
        return out
    }

    private static func family(_ out: inout String, _ name: String, _ type: String, _ help: String) {
        out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// One sample line: `name{labels} value`.
    private static func sample(
        _ out: inout String, _ name: String, _ labels: String, _ value: some CustomStringConvertible
    ) {
        out += "\(name){\(labels)} \(value)\n"
    }

    /// Microseconds as decimal seconds, exactly: 1500 → `0.0015`, 2000000 → `2`.
    static func seconds(micros: UInt64) -> String {
        let whole = micros / 1_000_000
        let fraction = micros % 1_000_000
        guard fraction > 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
