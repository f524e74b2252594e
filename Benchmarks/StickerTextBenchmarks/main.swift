// Measures the core on a realistic corpus: render throughput and allocations,
// count throughput, and edit latency at 1 KB / 100 KB / 1 MB. Prints one JSON
// object per measurement for Benchmarks/run.sh to put beside the baselines.
//
// usage: StickerTextBenchmarks corpus.txt [runs]
import Foundation
import MallocCounter
import StickerText
import StickerTextJSON

let arguments = CommandLine.arguments
guard arguments.count >= 2, let data = FileManager.default.contents(atPath: arguments[1]),
    let corpus = String(data: data, encoding: .utf8)
else {
    FileHandle.standardError.write(Data("usage: StickerTextBenchmarks corpus.txt [runs]\n".utf8))
    exit(2)
}
let runs = arguments.count > 2 ? Int(arguments[2]) ?? 20 : 20  // a non-number (a flag) keeps 20
let megabytes = Double(corpus.utf8.count) / 1e6

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// Best and median of `runs` timings.
func measure(_ runs: Int, _ body: () throws -> Void) rethrows -> (best: Double, median: Double) {
    var times: [Double] = []
    for _ in 0..<runs { times.append(try seconds(body)) }
    times.sort()
    return (times[0], times[times.count / 2])
}

func emit(_ fields: [String: Any]) {
    let json = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
    print(String(decoding: json, as: UTF8.self))
}

// Count: every length, emoji and stickers.
func countBenchmark() {
    let string = TextBackedString(corpus)
    let count = measure(max(3, runs / 4)) { _ = string.counts() }
    emit(["name": "count", "count_mb_s": (megabytes / count.best * 10).rounded() / 10])
}
// `--count-only` counts and stops, for profiling the count alone (callgrind: instructions / max(3, runs / 4)).
if arguments.contains("--count-only") {
    countBenchmark()
    exit(0)
}

// One small API request, as the server sees them: a ~200-byte render body.
let small = Array(
    #"{"text":"今天好开心[微笑][哈哈] 和朋友去吃饭 <b>&amp;</b> 👍🏽👨‍👩‍👧‍👦 [doge][不存在] see you at 8pm & bring \"snacks\" [心][赞]"}"#.utf8)
let smallAPI = StickerTextAPI()
let perCall = try measure(max(3, runs / 4)) { for _ in 0..<10_000 { _ = try smallAPI.render(small) } }
emit(["name": "api_small", "render_request_us": (perCall.best / 10_000 * 1e7).rounded() / 10])
if arguments.contains("--small-only") { exit(0) }  // for profiling one small request

// Search: GET /api/stickers' work (query checked, ranked, JSON written) for the queries the JS benchmark runs.
let queries = ["x", "xk", "xiao", "smile", "笑", "ｄｏｇｅ", "heart", "zzz"]
let searches = try measure(max(3, runs / 4)) {
    for _ in 0..<100 { for q in queries { _ = try smallAPI.search(q, limit: 20) } }
}
emit(["name": "search", "per_query_us": (searches.median / Double(100 * queries.count) * 1e7).rounded() / 10])

// Render: the bytes handed to a consumer without copying, as the server writes them.
let renderer = try HTMLRenderer()
var outputBytes = 0
let render = try measure(runs) {
    outputBytes = try renderer.withRendered(corpus) { $0.count }
}
let before = malloc_counter_allocations()
_ = try renderer.withRendered(corpus) { $0.count }
let allocations = malloc_counter_allocations() - before
// FNV-1a of the output, which run.sh compares with the C baseline's.
let outputHash = try renderer.withRendered(corpus) { bytes in
    bytes.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
}
emit([
    "name": "swift", "render_mb_s": (megabytes / render.best * 10).rounded() / 10,
    "render_median_mb_s": (megabytes / render.median * 10).rounded() / 10,
    "output_bytes": outputBytes, "output_hash": String(format: "%016llx", outputHash),
    "allocations_per_render": allocations,
])

// `--render-only` stops here, for profiling the render loop alone.
if arguments.contains("--render-only") { exit(0) }

countBenchmark()

// Edits: a whole API-free edit (parse, apply, new string) at three sizes.
func prefix(_ bytes: Int) -> String {
    var end = corpus.utf8.index(corpus.utf8.startIndex, offsetBy: bytes)
    while !corpus.isEmpty && end < corpus.endIndex && corpus.utf8[end] & 0xC0 == 0x80 {
        end = corpus.utf8.index(after: end)
    }
    return String(corpus[..<end])
}
/// An edit as the API makes it: the text parsed, then the operation applied under `policy`.
func edit(
    _ op: EditOperation, _ text: String, _ selection: TextRange, unit: TextRange.Unit = .utf16,
    policy: InputPolicy = .unlimited
) throws -> EditResult {
    try TextBackedString(text).applying(op, selection: selection, unit: unit, policy: policy)
}
let limited = InputPolicy(maxLength: 2_000_000, countMode: .gb18030)
for (label, size) in [("1KB", 1_000), ("100KB", 100_000), ("1MB", corpus.utf8.count)] {
    let text = prefix(size)
    let length = TextBackedString(text).displayLength(unit: .utf16)
    let middle = TextRange.caret(length / 2)
    let cases: [(String, () throws -> Void)] = [
        ("paste_middle", { _ = try edit(.paste("好[微笑]👍🏽"), text, middle) }),
        ("delete_end", { _ = try edit(.deleteBackward, text, .caret(length)) }),
        ("move_caret", { _ = try edit(.moveCaret(by: 5), text, middle) }),
        ("paste_limited", { _ = try edit(.paste("好[微笑]👍🏽"), text, middle, policy: limited) }),
        (
            "grapheme_select",
            { _ = try edit(.select, text, .caret(length / 3), unit: .grapheme) }
        ),
    ]
    // The whole JSON API call the server will make: decode, edit, render the new text, count it, encode.
    let api = StickerTextAPI()
    let request = try JSONSerialization.data(withJSONObject: [
        "text": text, "selection": ["location": length / 2, "length": 0], "op": "paste", "string": "好[微笑]👍🏽",
    ])
    let apiCase: (String, () throws -> Void) = ("api_paste_json", { _ = try api.edit(request) })
    for (op, body) in cases + [apiCase] {
        let t = try measure(max(3, runs / 2), body)
        emit([
            "name": "edit", "size": label, "op": op, "best_ms": (t.best * 1e5).rounded() / 100,
            "median_ms": (t.median * 1e5).rounded() / 100,
        ])
    }
}

// Worst-case pastes: 450 KB of a letter and a combining mark (150,000 two-scalar
// clusters, each of which once cost a Foundation NFC call) against as many bytes
// of the corpus, pasted into an empty text under a limit it fits in.
let marks = String(repeating: "a\u{301}", count: 150_000)
let mixed = prefix(marks.utf8.count)
for (mode, countMode) in [("graphemes", InputPolicy.CountMode.graphemes), ("weighted", InputPolicy.CountMode.weighted)]
{
    let pasting = InputPolicy(maxLength: 1_000_000, countMode: countMode)
    let withMarks = try measure(max(3, runs / 4)) { _ = try edit(.paste(marks), "", .caret(0), policy: pasting) }
    let withMixed = try measure(max(3, runs / 4)) { _ = try edit(.paste(mixed), "", .caret(0), policy: pasting) }
    emit([
        "name": "worst_paste", "mode": mode, "marks_ms": (withMarks.median * 1e5).rounded() / 100,
        "mixed_ms": (withMixed.median * 1e5).rounded() / 100,
    ])
}
