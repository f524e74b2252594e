import StickerTextServer

extension WorkerExit {
    /// How a worker ended, from `waitpid`'s status.
    init(waitStatus: Int32) {
        let signal = waitStatus & 0x7F
        if signal != 0 {
            self = .killed
        } else {
            self = (waitStatus >> 8) & 0xFF == 0 ? .retired : .failed
        }
    }
}
