import Foundation
import Glibc
import Testing

@testable import StickerTextFastCGI

/// The link nginx resolves to key its cache: every publish names a new,
/// existing folder, whoever published last.
struct PacksVersionLinkTests {
    /// A fresh folder for one test's socket path.
    static func socketPath() -> String {
        var template = Array((NSTemporaryDirectory() + "/stickertext-version-XXXXXX").utf8CString)
        let folder = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        return folder + "/s.sock"
    }

    /// Where the link resolves, as nginx's `$realpath_root` does.
    static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    @Test func eachPublishWithinOneSecondResolvesToANewFolderAndTheOldOneIsRemoved() throws {
        let link = PacksVersionLink(socketPath: Self.socketPath())
        let firstPublished = link.publish()
        let first = try #require(firstPublished)
        let firstFolder = try #require(Self.resolved(link.path))
        let secondPublished = link.publish()
        let second = try #require(secondPublished)
        let secondFolder = try #require(Self.resolved(link.path))
        #expect(second > first)
        #expect(secondFolder != firstFolder)
        #expect(secondFolder.hasSuffix(".v\(second)"))
        #expect(access(firstFolder, F_OK) != 0)
    }

    @Test func aMasterPublishesAfterTheVersionAnotherMasterLeft() throws {
        let socket = Self.socketPath()
        let old = PacksVersionLink(socketPath: socket)
        let successor = PacksVersionLink(socketPath: socket)
        let successorsFirstPublished = successor.publish()
        let successorsFirst = try #require(successorsFirstPublished)
        let oldsLastPublished = old.publish()  // the old master stops after the successor started
        let oldsLast = try #require(oldsLastPublished)
        let successorsReloadPublished = successor.publish()
        let successorsReload = try #require(successorsReloadPublished)
        #expect(oldsLast > successorsFirst)
        #expect(successorsReload > oldsLast)
        #expect(Self.resolved(successor.path)?.hasSuffix(".v\(successorsReload)") == true)
    }

    @Test func theFolderIsOpenToOtherUsersWhateverTheUmask() throws {
        let saved = umask(0o077)
        defer { umask(saved) }
        let link = PacksVersionLink(socketPath: Self.socketPath())
        #expect(link.publish() != nil)
        var info = stat()
        #expect(stat(try #require(Self.resolved(link.path)), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o755)
    }
}
