import Foundation
import StickerText
import StickerTextJSON

/// One libFuzzer target that exercises the surfaces users reach with
/// arbitrary bytes, chosen by the first byte (modulo 6):
///
/// 0. the renderer (any bytes, valid UTF-8 or not);
/// 1. an edit op from a short list on any text (selection, policy from the input);
/// 2. a paste of the text's first 8 characters into itself;
/// 3. the JSON requests of the API (edit, count, render), held whole and in
///    pieces, and search queries;
/// 4. an edit with every part chosen by the input: any op (a `moveCaret` by up
///    to ±2^31, a paste or insert of any length), any policy (`maxLength` up
///    to 65,534 in any count mode, emoji and content rules, sticker weight);
/// 5. any of the above on a large input: a small template repeated to 4 KiB
///    up to 1 MiB (the service's body limit), so that the fuzzer looks for a
///    shape whose cost grows faster than its length, not only for a crash.
///
/// Invariants are checked with preconditions, so a broken one is a crash the
/// fuzzer reports and minimizes. Cost is watched too (`CostWatch`): an input
/// that uses more CPU time than its size's budget, or (mode 5) whose 8x
/// larger copy costs more than 20x the CPU time, aborts with a line starting
/// `==STICKERTEXT-FUZZ== slow:`, which `run.sh` keeps as a regression.
let api = StickerTextAPI()
let renderer = try! HTMLRenderer()
let wrapping = try! HTMLRenderer(options: RenderOptions(wrapEmoji: true))
let ops: [EditOperation] = [
    .deleteBackward, .deleteForward, .cut, .copy, .select, .selectAll, .moveCaret(by: 3), .moveCaret(by: -2),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    CostWatch.watch(bytes: size) { run(UnsafeBufferPointer(start: data, count: size), amplify: true) }
    return 0
}

func run(_ input: UnsafeBufferPointer<UInt8>, amplify: Bool) {
    guard let first = input.first else { return }
    let size = input.count
    let bytes = UnsafeBufferPointer(rebasing: input[1...])
    switch first % 6 {
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
        let length = TextBackedString(text).displayLength(unit: .utf16)
        let a = size > 2 ? Int(input[1]) % (length + 2) : 0
        let b = size > 3 ? Int(input[2]) % (length + 2) : 0
        let op = first % 6 == 1 ? ops[Int(input[size - 1]) % ops.count] : .paste(String(text.prefix(8)))
        let policy = InputPolicy(
            maxLength: size % 3 == 0 ? Int(input[size / 2]) : nil, countMode: InputPolicy.CountMode.allCases[size % 5])
        let unit: TextRange.Unit = size % 2 == 0 ? .utf16 : .grapheme
        edit(op, text, TextRange(location: min(a, b), length: abs(a - b)), unit, policy)
    case 3:
        // JSON requests: every endpoint answers a value or an APIError, never a crash;
        // and the server's answer, counted and then written again in pieces when
        // over what it holds (here 256 bytes), is byte for byte the answer held whole.
        let whole = [try? api.edit(bytes), try? api.count(bytes), try? api.render(bytes)]
        let held = AnswerLimit(most: .max, held: 256)
        let inPieces = [
            try? api.edit(bytes, limit: held).wholeBytes, try? api.count(bytes, limit: held).wholeBytes,
            try? api.render(bytes, limit: held).wholeBytes,
        ]
        precondition(whole == inPieces, "an answer written in pieces differs from the answer held whole")
        // Search: any text is a query or a refusal; results are distinct stickers, best tier
        // first (the tier, `match`, is the API's: read from its answer, in the order its schema lists).
        if let q = String(validating: bytes, as: UTF8.self), let results = try? api.catalog.search(q, limit: 100) {
            precondition(
                Set(results.map { [$0.packIndex, $0.stickerIndex] }).count == results.count, "a sticker found twice")
            let answer = try? api.search(q, limit: 100)
            let document = answer.flatMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
            let found = document?["stickers"] as? [[String: Any]] ?? []
            let tiers = ["code", "name", "pinyin", "initials", "substring"]
            let ranks = found.map { tiers.firstIndex(of: $0["match"] as? String ?? "") ?? -1 }
            precondition(
                results.count <= 100 && ranks.count == results.count && !ranks.contains(-1)
                    && zip(ranks, ranks.dropFirst()).allSatisfy { $0 <= $1 },
                "search results out of order")
        }
    case 4:
        structuredEdit(bytes)
    default:
        if amplify { amplified(bytes) }
    }
}

/// Applies `op` and checks the result: the selection inside the text, and a
/// text that was within `maxLength` still within it.
func edit(_ op: EditOperation, _ text: String, _ selection: TextRange, _ unit: TextRange.Unit, _ policy: InputPolicy) {
    guard let result = try? TextBackedString(text).applying(op, selection: selection, unit: unit, policy: policy)
    else { return }
    precondition(
        result.selection.location >= 0 && result.selection.end <= result.string.displayLength(unit: unit),
        "selection outside the text")
    if let max = policy.maxLength, TextBackedString(text).counts(policy: policy).length <= max {
        precondition(result.string.counts(policy: policy).length <= max, "an edit left the text over the limit")
    }
}

/// Mode 4: a 14-byte header, then the text, then (after a 0xFF, which UTF-8
/// never holds) the string an insert or paste puts in or the tag of an
/// insertSticker.
///
///     op | modes | maxLength (2, 0xFFFF none) | stickerWeight (0xFF none) | decimalPlaces
///        | location (2) | length (2) | moveCaret offset (4, signed) | text [0xFF string]
///
/// `modes` is countMode + 5 × (emoji + 3 × (content + 3 × unit)). The
/// selection is taken modulo the text's display length + 2, so that most
/// land inside it and some just outside.
func structuredEdit(_ bytes: UnsafeBufferPointer<UInt8>) {
    let header = 14
    guard bytes.count >= header else { return }
    func u16(_ i: Int) -> Int { Int(bytes[i]) << 8 | Int(bytes[i + 1]) }
    let rest = UnsafeBufferPointer(rebasing: bytes[header...])
    let split = rest.firstIndex(of: 0xFF)
    let text = String(decoding: rest[..<(split ?? rest.endIndex)], as: UTF8.self)
    let string = split.map { String(decoding: rest[($0 + 1)...], as: UTF8.self) } ?? ""
    let offset = Int(
        Int32(
            bitPattern: UInt32(bytes[10]) << 24 | UInt32(bytes[11]) << 16 | UInt32(bytes[12]) << 8 | UInt32(bytes[13])))
    let op: EditOperation =
        switch EditOperation.Kind.allCases[Int(bytes[0]) % EditOperation.Kind.allCases.count] {
        case .insert: .insert(string)
        case .paste: .paste(string)
        case .insertSticker: .insertSticker(tag: string)
        case .cut: .cut
        case .copy: .copy
        case .deleteBackward: .deleteBackward
        case .deleteForward: .deleteForward
        case .moveCaret: .moveCaret(by: offset)
        case .select: .select
        case .selectAll: .selectAll
        }
    let modes = Int(bytes[1])
    let policy = InputPolicy(
        maxLength: u16(2) == 0xFFFF ? nil : u16(2),
        countMode: InputPolicy.CountMode.allCases[modes % 5],
        emoji: InputPolicy.EmojiRule.allCases[modes / 5 % 3],
        content: InputPolicy.ContentRule.allCases[modes / 15 % 3],
        decimalPlaces: Int(bytes[5]) % 101,
        stickerWeight: bytes[4] == 0xFF ? nil : Int(bytes[4]))
    let unit = TextRange.Unit.allCases[modes / 45 % 2]
    let length = TextBackedString(text).displayLength(unit: unit)
    let a = u16(6) % (length + 2)
    let b = u16(8) % (length + 2)
    edit(op, text, TextRange(location: min(a, b), length: abs(a - b)), unit, policy)
}

/// Mode 5: a size byte `b`, then a template. The template's piece between
/// its first two 0xFE bytes (never in UTF-8) is repeated until the whole is
/// about `1 MiB >> (8 - leading zero bits of b)` bytes, markers dropped:
/// 4 KiB for half the values of `b`, 8 KiB for a quarter, and so on up to
/// 1 MiB (the service's body limit) for `b` = 0, so that each size costs
/// about as much fuzzing time as the next. Without two markers everything
/// after the template's first byte is repeated. The result runs as an input
/// of modes 0–4, under a CPU budget for its own size (`CostWatch`).
///
/// From 16 KiB it runs twice, at an eighth of the size and whole: a linear
/// path costs about 8x the CPU time for 8x the input, a quadratic one 64x.
/// (A quarter against the whole, 4x against 16x, was too close: under
/// AddressSanitizer a linear path of U+FFFD and controls grew 11x for 4x.)
/// More than `CostWatch.growthLimit` times (when the whole took at least
/// `CostWatch.growthFloor`) is slow, whatever the budget: a quadratic step
/// as cheap as a memmove stays within any budget linear code needs at 1 MiB.
func amplified(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 2 else { return }
    let target = (1 << 20) >> (8 - bytes[0].leadingZeroBitCount)
    let template = UnsafeBufferPointer(rebasing: bytes[1...])
    let markers = Array(template.indices.lazy.filter { template[$0] == 0xFE }.prefix(2))
    let (prefix, piece, suffix) =
        markers.count == 2
        ? (template[..<markers[0]], template[(markers[0] + 1)..<markers[1]], template[(markers[1] + 1)...])
        : (template[..<1], template[1...], template[template.endIndex...])
    // Modes 1 and 2 take their policy and selection from the input's size and
    // the bytes at its middle and end, so two sizes of one template would run
    // different edits: such a template runs as it is (mode 4 edits at any size).
    guard !piece.isEmpty, ![1, 2].contains((prefix.first ?? piece.first!) % 6) else {
        return run(template, amplify: false)
    }
    let reps = max(1, (target - prefix.count - suffix.count) / piece.count)
    func expanded(_ reps: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(prefix.count + reps * piece.count + suffix.count)
        out += prefix
        for _ in 0..<reps { out += piece }
        out += suffix
        return out
    }
    if target >= 16 << 10 && reps >= 8 {
        let small = expanded(reps / 8)
        let large = expanded(reps / 8 * 8)
        CostWatch.arm(bytes: small.count + large.count)
        let a = CostWatch.cpuSeconds { small.withUnsafeBufferPointer { run($0, amplify: false) } }
        let b = CostWatch.cpuSeconds { large.withUnsafeBufferPointer { run($0, amplify: false) } }
        CostWatch.log(
            "growth: \(small.count) bytes \(CostWatch.format(a)) s, \(large.count) bytes \(CostWatch.format(b)) s")
        if b >= CostWatch.growthFloor && b > CostWatch.growthLimit * a {
            CostWatch.slow(
                "\(large.count) bytes took \(CostWatch.format(b)) s of CPU time, \(CostWatch.format(b / a))x "
                    + "the \(CostWatch.format(a)) s of its first \(small.count) (more than \(Int(CostWatch.growthLimit))x for 8x the size)"
            )
        }
    } else {
        let whole = expanded(reps)
        CostWatch.arm(bytes: whole.count)
        whole.withUnsafeBufferPointer { run($0, amplify: false) }
    }
}

/// The target's watch on cost, in CPU time (user + system), which a loaded
/// machine inflates far less than wall-clock time (libFuzzer's `-timeout`).
///
/// Each input gets a budget of `baseSeconds` plus `secondsPerMiB` for each
/// MiB it runs (amplified: the bytes it expands to). Past it, SIGPROF prints
/// a line starting `==STICKERTEXT-FUZZ== slow:` and aborts; libFuzzer's
/// handler then prints the stack (where the time goes) and writes the input
/// as a `crash-` file, which `run.sh` renames `slow-`. Linear code's worst
/// measured is about 40 s per MiB under AddressSanitizer (U+FFFD and
/// controls around a URL: each is a cluster of its own), 7.6 s for most.
/// `STICKERTEXT_FUZZ_COST_LOG=1` prints each input's size and CPU time.
enum CostWatch {
    static let baseSeconds = 2.0
    static let secondsPerMiB = 100.0
    static let growthLimit = 20.0
    static let growthFloor = 0.5
    static let logging = ProcessInfo.processInfo.environment["STICKERTEXT_FUZZ_COST_LOG"] == "1"

    static func budget(bytes: Int) -> Double { baseSeconds + secondsPerMiB * Double(bytes) / Double(1 << 20) }

    /// Runs `body` on an input of `bytes` under its budget (re-armed by `arm` if it grows).
    static func watch(bytes: Int, _ body: () -> Void) {
        arm(bytes: bytes)
        let spent = cpuSeconds(body)
        setTimer(0)
        log("cost: \(bytes) bytes, \(armed) run, \(format(spent)) s")
    }

    /// Gives the input running now the budget of `bytes`, from now.
    static func arm(bytes: Int) {
        let seconds = budget(bytes: bytes)
        armed = bytes
        let line = Array(
            "\n==STICKERTEXT-FUZZ== slow: this input (\(bytes) bytes run) used more than its budget of \(format(seconds)) s of CPU time\n"
                .utf8)
        message.initialize(repeating: 0)
        messageLength = min(line.count, message.count)
        _ = message.initialize(from: line.prefix(messageLength))
        if !installed {
            installed = true
            signal(SIGPROF) { _ in
                _ = write(2, CostWatch.message.baseAddress, CostWatch.messageLength)
                abort()
            }
        }
        setTimer(seconds)
    }

    nonisolated(unsafe) private static var installed = false
    nonisolated(unsafe) private static var armed = 0
    nonisolated(unsafe) private static var message = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 256)
    nonisolated(unsafe) private static var messageLength = 0

    /// ITIMER_PROF counts the process's CPU time, and sends SIGPROF when it runs out.
    private static func setTimer(_ seconds: Double) {
        let whole = Int(seconds)
        var timer = itimerval(
            it_interval: timeval(), it_value: timeval(tv_sec: whole, tv_usec: Int((seconds - Double(whole)) * 1e6)))
        setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
    }

    /// The CPU time `body` takes on this thread.
    static func cpuSeconds(_ body: () -> Void) -> Double {
        func now() -> Double {
            var t = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
            return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
        }
        let start = now()
        body()
        return now() - start
    }

    static func format(_ x: Double) -> String { String(format: "%.3f", x) }

    static func log(_ line: @autoclosure () -> String) {
        guard logging else { return }
        let bytes = Array((line() + "\n").utf8)
        _ = write(2, bytes, bytes.count)
    }

    static func slow(_ why: String) -> Never {
        let line = Array("\n==STICKERTEXT-FUZZ== slow: \(why)\n".utf8)
        _ = write(2, line, line.count)
        abort()
    }
}

// SwiftPM links an executable's entry point as `<Target>_main`; hand it to
// libFuzzer's driver (libFuzzer's own main() is then not linked).
// swift-format-ignore: AlwaysUseLowerCamelCase
// (libFuzzer's C name, which @_silgen_name binds)
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
