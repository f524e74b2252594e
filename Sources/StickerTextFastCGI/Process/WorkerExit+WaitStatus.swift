import StickerTextHTTP

extension WorkerExit {
    /// How a worker ended, from `waitpid`'s status.
    init(waitStatus: Int32) {
        let signal = waitStatus & 0x7F
        if signal != 0 {
            self = .killed
        } else {
            switch (waitStatus >> 8) & 0xFF {
            case 0: self = .retired
            case Worker.timedOutStatus: self = .timedOut
            default: self = .failed
            }
        }
    }
}
