/// The two pools of a worker's threads, each accepting on its own socket.
/// nginx sends bodies over 64 KiB (and bodies of unknown length) to the large
/// pool, everything else to the main one: a flood of large pastes queues on
/// the large socket and can never hold the threads that serve small edits.
enum ThreadPool: CaseIterable, CustomStringConvertible {
    case main
    case large

    var description: String {
        switch self {
        case .main: "main"
        case .large: "large-body"
        }
    }
}
