import ArgumentParser
import Foundation
import StickerText
import StickerTextJSON

/// A JSON command's answers: stdin as one request, or with `--jsonl` one per line.
func answer(jsonl: Bool, _ handler: (ArraySlice<UInt8>) throws(APIError) -> [UInt8]) throws {
    if jsonl { answerEachLine(handler) } else { try answer(handler) }
}

/// Reads a JSON request on stdin, writes the JSON response (or `{"error"}`) on stdout.
func answer(_ handler: (ArraySlice<UInt8>) throws(APIError) -> [UInt8]) throws {
    do {
        FileHandle.standardOutput.write(
            Data(try handler(ArraySlice(FileHandle.standardInput.readDataToEndOfFile())) + [0x0A]))
    } catch {
        FileHandle.standardOutput.write(Data(error.jsonBody + [0x0A]))
        throw ExitCode(2)
    }
}

/// `--jsonl`: each line of stdin is a request and gets one line on stdout, in
/// order: the response or its `{"error"}` (a bad request is an answer, so the
/// exit code stays 0). A final "\n" ends the last line, not an empty request;
/// a "\r" stays in its line. Made for thousands of requests per process: stdin
/// is read once, lines are slices of it, stdout goes out in 64 KB chunks.
func answerEachLine(_ handler: (ArraySlice<UInt8>) throws(APIError) -> [UInt8]) {
    let input = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
    let chunk = 1 << 16
    var output: [UInt8] = []
    output.reserveCapacity(2 * chunk)
    var start = 0
    while start < input.count {
        let end = input[start...].firstIndex(of: 0x0A) ?? input.count
        do {
            output += try handler(input[start..<end])
        } catch {
            output += error.jsonBody
        }
        output.append(0x0A)
        if output.count >= chunk {
            FileHandle.standardOutput.write(Data(output))
            output.removeAll(keepingCapacity: true)
        }
        start = end + 1
    }
    if !output.isEmpty { FileHandle.standardOutput.write(Data(output)) }
}
