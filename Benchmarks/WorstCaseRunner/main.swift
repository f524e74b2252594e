// The Swift side of the worst-case search (Benchmarks/worst/runner.mjs): the
// core's JSON API answering one request per line of stdin (`KIND<TAB>JSON
// body`, KIND edit, count or render) as the server calls it, each answer timed
// in this thread's CPU time: the work itself, which other load on the machine
// inflates far less than wall time, and never the process's start-up. Writes
// `ready`, then one line per request: {"ms": time, "error": the code or null}.
// The mirror of Benchmarks/worst/js-runner.mjs.
import Foundation
import StickerText
import StickerTextJSON

let api = StickerTextAPI()

func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
}

func answer(kind: Substring, body: ArraySlice<UInt8>) throws(APIError) -> [UInt8] {
    switch kind {
    case "edit": return try api.edit(body)
    case "count": return try api.count(body)
    case "render": return try api.render(body)
    default: fatalError("unknown kind \(kind): edit, count or render")
    }
}

func writeLine(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

writeLine("ready")
while let line = readLine(strippingNewline: true) {
    guard let tab = line.firstIndex(of: "\t") else { fatalError("a line is KIND<TAB>body") }
    let body = ArraySlice(line[line.index(after: tab)...].utf8)
    var errorCode = "null"
    let start = threadCPUNanoseconds()
    do {
        _ = try answer(kind: line[..<tab], body: body)
    } catch {
        errorCode = "\"\(error.code.rawValue)\""
    }
    let nanoseconds = threadCPUNanoseconds() - start
    writeLine("{\"ms\":\(Double(nanoseconds) / 1e6),\"error\":\(errorCode)}")
}
