import CEpoll
import Glibc
import Testing

@testable import StickerTextFastCGI

/// The poller over a real listening unix socket (non-blocking, as the master
/// makes it): a parked connection costs no thread until it has bytes, and is
/// then handed to one; on stop, parked connections are closed.
struct KeptConnectionPollerTests {
    private let path = "/tmp/stickertext-poller-\(getpid())-\(UInt32.random(in: 0 ... .max)).sock"

    private func listening() throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path.utf8CString.withUnsafeBytes($0.copyMemory) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && listen(fd, 8) == 0)
        return fd
    }

    private func connectClient() throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { path.utf8CString.withUnsafeBytes($0.copyMemory) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(connected == 0)
        return fd
    }

    private func send(_ fd: Int32, _ text: String) {
        _ = text.utf8CString.withUnsafeBytes { write(fd, $0.baseAddress, $0.count - 1) }
    }

    @Test func aParkedConnectionWakesAThreadOnlyWithBytesToReadAndIsClosedOnStop() throws {
        let listener = try listening()
        let stop = eventfd(0, 0)
        defer {
            close(listener)
            close(stop)
            unlink(path)
        }
        let poller = KeptConnectionPoller(listening: listener, stop: stop)

        let client = try connectClient()
        defer { close(client) }
        #expect(poller.next() == .accept)
        let server = accept(listener, nil, nil)  // what FCGX_Accept_r does
        try #require(server >= 0)

        // Parked, with a request on it: handed back, to this thread.
        poller.park(server)
        #expect(poller.parkedCount == 1)
        send(client, "request 1")
        #expect(poller.next() == .connection(server))
        #expect(poller.parkedCount == 0)
        var buffer = [UInt8](repeating: 0, count: 64)
        #expect(read(server, &buffer, buffer.count) == 9)

        // Parked idle: nothing to do for any thread; the stop signal is all there is.
        poller.park(server)
        var one: UInt64 = 1
        #expect(write(stop, &one, 8) == 8)
        #expect(poller.next() == .stop)

        // On stop, what is parked is closed (the client sees the end), and so is what is parked later.
        poller.closeParked()
        #expect(poller.parkedCount == 0)
        #expect(read(client, &buffer, buffer.count) == 0)
        let late = try connectClient()
        defer { close(late) }
        let lateServer = accept(listener, nil, nil)
        try #require(lateServer >= 0)
        poller.park(lateServer)
        #expect(poller.parkedCount == 0)
        #expect(read(late, &buffer, buffer.count) == 0)
    }
}
