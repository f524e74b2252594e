/// Why a worker the master replaced had ended: the `cause` label of
/// `stickertext_worker_restarts_total`. The raw value is the counter's slot.
public enum WorkerExit: Int, Slotted, Sendable {
    /// Exited 0: it served `--max-requests`, or a reload (SIGHUP) retired it.
    case retired
    /// Exited with an error status (23: LeakSanitizer found leaks).
    case failed
    /// Ended by a signal: a crash, or a SIGKILL from outside.
    case killed
    /// Stopped itself after answering a request that ran past `--request-timeout`.
    case timedOut

    @inlinable public static var last: WorkerExit { .timedOut }

    public var label: String {
        switch self {
        case .retired: "retired"
        case .failed: "failed"
        case .killed: "killed"
        case .timedOut: "timed_out"
        }
    }
}
