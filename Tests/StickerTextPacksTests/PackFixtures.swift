import Foundation
import StickerText
import StickerTextJSON
import StickerTextTestSupport
import ZIPFoundation

@testable import StickerTextPacks

/// Archives and folders the pack format tests make themselves, each in the
/// layout its format publishes (docs/packs.md cites them): zips through
/// ZIPFoundation, tar.gz through the system's tar, as the systems make them.
enum PackFixtures {
    static func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "stickertext-packs-test-\(UUID().uuidString)", isDirectory: true)
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func json(_ object: Any) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    static func write(_ files: [(String, [UInt8])], into folder: URL) {
        for (path, bytes) in files {
            let url = folder.appendingPathComponent(path)
            try! FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! Data(bytes).write(to: url)
        }
    }

    /// A zip of `files`; a file whose bytes are nil is a symbolic link to `link`.
    static func zip(_ files: [(String, [UInt8])], at url: URL, links: [(String, String)] = []) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, bytes) in files {
            let data = Data(bytes)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        for (path, target) in links {
            let data = Data(target.utf8)
            try archive.addEntry(with: path, type: .symlink, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<Int(position) + size)
            }
        }
    }

    /// Which of a command's streams `run` keeps.
    enum Captured { case output, errors }

    /// Runs a command (found on PATH) to its end: its exit status and what it
    /// wrote to the stream `capturing` names (the other is this process's). By
    /// `ChildProcess`, never Foundation's `Process`, whose wait from many
    /// threads at once can wait for ever (see there).
    @discardableResult
    static func run(_ arguments: [String], capturing: Captured = .output) -> (status: Int32, text: [UInt8]) {
        let process = try! ChildProcess(
            arguments, output: capturing == .output ? .piped : .inherited,
            errors: capturing == .errors ? .piped : .inherited)
        let text = ChildProcess.readAll((capturing == .output ? process.output : process.errors)!)
        return (process.wait(), text)
    }

    /// A tar.gz of `files` as GNU tar makes it; `arguments` go before the names.
    @discardableResult
    static func tarGz(_ files: [(String, [UInt8])], at url: URL, arguments: [String] = [], names: [String]? = nil)
        -> Int32
    {
        let staging = folder()
        write(files, into: staging)
        return run(
            ["tar", "-czf", url.path, "-C", staging.path] + arguments + (names ?? files.map(\.0)), capturing: .errors
        ).status
    }

    /// A packs folder of one pack `p`: each sticker `(tag, aliases, Chinese
    /// name, picture)`, the picture its 1x, 2x and 3x.
    static func packFolder(_ stickers: [(String, [String], String, [UInt8])]) -> URL {
        let out = folder().appendingPathComponent("packs")
        var files: [(String, [UInt8])] = []
        var made: [Sticker] = []
        for (i, (tag, aliases, name, bytes)) in stickers.enumerated() {
            let file = "s\(i).png"
            files.append(("p/\(file)", bytes))
            let size = SniffedImage(bytes)!
            made.append(
                Sticker(
                    tag: tag, aliases: aliases, name: LocalizedName(zh: name, en: "sticker \(i)"),
                    image: StickerImage(x1: file, x2: file, x3: file, width: size.width, height: size.height)))
        }
        let pack = StickerPack(
            id: "p", title: LocalizedName(zh: "包", en: "pack"), cover: made[0].tag!, kind: .image, stickers: made)
        write(files + [("p/pack.json", pack.packJSON)], into: out)
        return out
    }

    /// The names of the files in a tar.gz, as GNU tar lists them, sorted.
    static func tarNames(_ archive: URL) -> [String] {
        let names = String(decoding: run(["tar", "-tzf", archive.path]).text, as: UTF8.self)
        return names.split(separator: "\n").map(String.init).sorted()
    }

    /// A copy of some of the repository's packs (each picture pack with its
    /// `license` and `homepage`: `DefaultPacksTests`).
    static func packs(_ ids: [String]) -> URL {
        let out = folder().appendingPathComponent("packs", isDirectory: true)
        for id in ids {
            try! FileManager.default.copyItem(
                at: repositoryFile("public/stickers/\(id)"), to: out.appendingPathComponent(id))
        }
        return out
    }

    /// The imported sticker of code `tag`, with the pack that holds its files.
    static func sticker(_ result: PackImport, _ tag: String) -> (pack: ImportedPack, sticker: Sticker)? {
        for pack in result.packs {
            if let sticker = pack.pack.stickers.first(where: { $0.tag == tag }) { return (pack, sticker) }
        }
        return nil
    }

    /// The seconds `seconds(count)` says some work took, and those of 8
    /// times the work, side by side after a warm-up: a linear path takes
    /// about 8 times as long, a quadratic one 64. Each the least of three
    /// runs, taken in turn: on a loaded machine one run alone was now and
    /// then a third slower than the work (25.9x where 8x was the work).
    static func eightfold(_ seconds: (Int) throws -> Double, from count: Int) rethrows -> (small: Double, large: Double)
    {
        _ = try seconds(count / 4)
        var (small, large) = (Double.infinity, Double.infinity)
        for _ in 0..<3 {
            small = min(small, try seconds(count))
            large = min(large, try seconds(count * 8))
        }
        return (small, large)
    }

    /// The default packs' licence and homepage, as the generator writes them into each picture pack.
    static let license = StickerCatalog.default.packs.first { $0.id == "weibo" }!.license!
    static let homepage = StickerCatalog.default.packs.first { $0.id == "weibo" }!.homepage!
}
