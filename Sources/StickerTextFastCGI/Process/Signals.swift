import Glibc
import Synchronization

/// Flags set by signal handlers and read by the master's and workers' loops.
/// Handlers only store to lock-free atomics (async-signal-safe).
enum Signals {
    static let stop = Atomic<Bool>(false)
    static let reload = Atomic<Bool>(false)
    static let alarm = Atomic<Bool>(false)

    /// Installs `handler` without SA_RESTART, so a nap in the master's loop
    /// ends early and the loop sees the flag at once.
    static func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(signal, &action, nil)
    }

    static func ignore(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&action.sa_mask)
        sigaction(signal, &action, nil)
    }

    static func installMaster() {
        install(SIGTERM) { _ in Signals.stop.store(true, ordering: .relaxed) }
        install(SIGINT) { _ in Signals.stop.store(true, ordering: .relaxed) }
        install(SIGHUP) { _ in Signals.reload.store(true, ordering: .relaxed) }
        install(SIGALRM) { _ in Signals.alarm.store(true, ordering: .relaxed) }
        ignore(SIGPIPE)
    }
}
