import Foundation
import StickerText

/// What the test targets share (StickerTextTests, StickerTextJSONTests,
/// StickerTextPacksTests): the repository's files, JSON values to compare,
/// edits and renders through the core, CPU time. `package`: the test targets
/// are modules of this package.

/// The repository root, found from this file's path.
package let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

package func repositoryFile(_ path: String) -> URL { repositoryRoot.appendingPathComponent(path) }

/// Canonical JSON text of a JSONSerialization value, for comparing values of any shape.
package func canonicalJSON(_ value: Any) -> String {
    let data = try! JSONSerialization.data(
        withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
}

/// Any JSON value, as JSONSerialization gives it; throws on invalid JSON.
package func jsonValue(_ data: Data) throws -> Any {
    try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
}

package func jsonObject(_ bytes: [UInt8]) -> [String: Any] {
    (try? jsonValue(Data(bytes))) as? [String: Any] ?? [:]
}

package func jsonBody(_ object: Any) -> [UInt8] {
    Array(try! JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed]))
}

/// Runs an edit through the library directly.
package func edit(
    _ text: String, _ selection: TextRange, _ op: EditOperation, unit: TextRange.Unit = .utf16,
    policy: InputPolicy = .unlimited
) throws -> EditResult {
    try TextBackedString(text).applying(op, selection: selection, unit: unit, policy: policy)
}

package func render(_ text: String, _ options: RenderOptions = RenderOptions()) throws -> String {
    try HTMLRenderer(options: options).render(text)
}

/// Text content of rendered HTML with each sticker replaced by its `alt` and
/// `<br>` by a newline: what a browser's copy gives. A small tokenizer that
/// knows only what the renderer writes, and fails on anything else. It works
/// on scalars, not Characters: a combining mark after `>` is still text.
/// An animated sticker is exactly `<picture>`, one `<source>` for reduced
/// motion, its `<img>`, `</picture>`, with nothing between them.
package func textAndAlts(of html: String) -> String? {
    var out = ""
    var rest = Substring(html).unicodeScalars[...]
    var expected: [String]? = nil  // inside <picture>: the tags still to come, in order
    while let lt = rest.firstIndex(of: "<") {
        guard let text = unescape(rest[..<lt]) else { return nil }
        if expected != nil && !text.isEmpty { return nil }
        out += text
        guard let gt = rest[lt...].firstIndex(of: ">") else { return nil }
        let tag = String(rest[rest.index(after: lt)..<gt])
        let kind = tag.hasPrefix("img ") ? "img" : tag.hasPrefix("source ") ? "source" : tag
        if var steps = expected {
            guard steps.first == kind else { return nil }
            steps.removeFirst()
            expected = steps.isEmpty ? nil : steps
        } else if kind == "picture" {
            expected = ["source", "img", "/picture"]
        } else if kind == "source" || kind == "/picture" {
            return nil
        }
        switch kind {
        case "br":
            out += "\n"
        case "img":
            let scalars = tag.unicodeScalars
            guard let altStart = tag.range(of: " alt=\"")?.upperBound,
                let altEnd = scalars[altStart...].firstIndex(of: "\""),
                let alt = unescape(scalars[altStart..<altEnd])
            else { return nil }
            out += alt
        case "source":
            let prefix = "source media=\"(prefers-reduced-motion: reduce)\" srcset=\""
            guard tag.hasPrefix(prefix), tag.hasSuffix("\""),
                unescape(Substring(tag.dropFirst(prefix.count).dropLast()).unicodeScalars) != nil
            else { return nil }
        case "picture", "/picture", "span class=\"emoji\"", "/span":
            break
        default:
            return nil
        }
        rest = rest[rest.index(after: gt)...]
    }
    guard expected == nil, let tail = unescape(rest) else { return nil }
    return out + tail
}

private func unescape(_ s: Substring.UnicodeScalarView) -> String? {
    if s.contains(">") || s.contains("\"") || s.contains("'") { return nil }  // must have been escaped
    var out = ""
    var rest = s
    while let amp = rest.firstIndex(of: "&") {
        out += String(rest[..<amp])
        guard let semi = rest[amp...].firstIndex(of: ";") else { return nil }
        switch String(rest[rest.index(after: amp)..<semi]) {
        case "amp": out += "&"
        case "lt": out += "<"
        case "gt": out += ">"
        case "quot": out += "\""
        case "#39": out += "'"
        case "#13": out += "\r"
        default: return nil
        }
        rest = rest[rest.index(after: semi)...]
    }
    return out + String(rest)
}

/// This thread's CPU time for `work`, the best of `rounds` runs, in seconds: the time other
/// processes take on a shared machine is not counted, so ratios of two sizes measured so are steady.
package func bestThreadCPUSeconds(rounds: Int = 5, _ work: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        var start = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
        work()
        var end = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
        best = min(best, Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
    }
    return best
}
