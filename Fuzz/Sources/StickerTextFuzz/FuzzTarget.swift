import Foundation
import StickerText

/// One libFuzzer target that exercises the three surfaces users reach with
/// arbitrary bytes, chosen by the first byte: the renderer (any bytes, valid
/// UTF-8 or not), the edit operations (text, selection and op derived from
/// the input), and the JSON request decoding of the API and search queries.
/// Invariants are checked with preconditions, so a broken one is a crash the
/// fuzzer reports and minimizes.
let api = StickerTextAPI()
let renderer = try! HTMLRenderer()
let wrapping = try! HTMLRenderer(options: RenderOptions(wrapEmoji: true))
let ops: [EditOperation] = [.deleteBackward, .deleteForward, .cut, .copy, .select, .selectAll, .moveCaret(by: 3), .moveCaret(by: -2)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let mode = data[0] % 4
    let bytes = UnsafeBufferPointer(start: data + 1, count: size - 1)
    switch mode {
    case 0:
        // Render: invalid UTF-8 and NUL are errors; anything else renders.
        if let text = String(validating: bytes, as: UTF8.self), !text.utf8.contains(0) {
            precondition((try? renderer.render(text)) != nil, "valid text failed to render")
            _ = try? wrapping.render(text)
        } else {
            precondition((try? renderer.render(utf8: bytes)) == nil, "invalid input rendered")
        }
    case 1, 2:
        // Edits: any text, any selection, any op; the result is valid and whole.
        let text = String(decoding: bytes, as: UTF8.self)
        let string = TextBackedString(text)
        let length = string.displayLength(unit: .utf16)
        let a = size > 2 ? Int(data[1]) % (length + 2) : 0
        let b = size > 3 ? Int(data[2]) % (length + 2) : 0
        let op = mode == 1 ? ops[Int(data[size - 1]) % ops.count] : .paste(String(text.prefix(8)))
        let policy = InputPolicy(maxLength: size % 3 == 0 ? Int(data[size / 2]) : nil, countMode: CountMode.allCases[size % 5])
        let unit: OffsetUnit = size % 2 == 0 ? .utf16 : .grapheme
        let selection = TextRange(location: min(a, b), length: abs(a - b))
        if let result = try? TextEditor(policy: policy).apply(op, to: text, selection: selection, unit: unit) {
            precondition(result.selection.location >= 0 && result.selection.end <= result.string.displayLength(unit: unit),
                         "selection outside the text")
            if let max = policy.maxLength, string.counts(policy: policy).length <= max {
                precondition(result.string.counts(policy: policy).length <= max, "an edit left the text over the limit")
            }
        }
    default:
        // JSON requests: every endpoint answers a value or an APIError, never a crash.
        _ = try? api.edit(bytes)
        _ = try? api.count(bytes)
        _ = try? api.render(bytes)
        // Search: any text is a query or a refusal; results are distinct stickers, best tier first.
        if let q = String(validating: bytes, as: UTF8.self), let query = try? SearchQuery(q, limit: 100) {
            let results = api.catalog.search(query)
            precondition(results.count <= 100 && zip(results, results.dropFirst()).allSatisfy { $0.match <= $1.match },
                         "search results out of order")
            precondition(Set(results.map { [$0.packIndex, $0.stickerIndex] }).count == results.count, "a sticker found twice")
        }
    }
    return 0
}

// SwiftPM links an executable's entry point as `<Target>_main`; hand it to
// libFuzzer's driver (libFuzzer's own main() is then not linked).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("StickerTextFuzz_main")
func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var argc = argc
    var argv = argv
    return LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzz(data, size) }
}
