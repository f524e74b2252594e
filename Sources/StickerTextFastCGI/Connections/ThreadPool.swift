/// The two pools of a worker's threads, each accepting on its own socket.
/// nginx sends bodies over 64 KiB (and bodies of unknown length) to the large
/// pool, everything else to the main one: a flood of large pastes queues on
/// the large socket and can never hold the threads that serve small edits.
enum ThreadPool: CaseIterable, CustomStringConvertible {
    case main
    case large

    /// The nice value of the pool's threads. Linux schedules threads one by
    /// one: at 10, a large paste's thread gets about a tenth of a core that a
    /// small edit's thread also wants, so the pastes admitted still cannot
    /// slow everyone's typing.
    var niceness: Int32 {
        switch self {
        case .main: 0
        case .large: 10
        }
    }

    var description: String {
        switch self {
        case .main: "main"
        case .large: "large-body"
        }
    }
}
