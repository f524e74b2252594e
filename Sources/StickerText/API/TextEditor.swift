/// Applies edit operations to text-backed strings under an input policy.
/// Every operation is a pure function of (text, selection, operation, policy).
public struct TextEditor: Sendable {
    public let catalog: StickerCatalog
    public let policy: InputPolicy

    public init(catalog: StickerCatalog = .default, policy: InputPolicy = .unlimited) throws(EditError) {
        if let problem = policy.validationProblem { throw .invalidPolicy(problem) }
        self.catalog = catalog
        self.policy = policy
    }

    public func apply(_ operation: EditOperation, to text: String, selection: TextRange,
                      unit: OffsetUnit = .utf16) throws(EditError) -> EditResult {
        let string = TextBackedString(text, catalog: catalog)
        guard let range = string.positions(of: selection, unit: unit) else {
            throw .selectionOutOfRange(selection, length: string.displayLength(unit: unit), unit: unit)
        }
        switch operation {
        case .insert(let inserted), .paste(let inserted):
            return insert(inserted, into: string, replacing: range, unit: unit)
        case .insertSticker(let tag):
            guard let entry = catalog.entry(forCode: tag), let canonical = catalog.sticker(for: entry).tag else {
                throw .unknownSticker(tag)
            }
            return insert(canonical, into: string, replacing: range, unit: unit)
        case .cut:
            return replace(range, in: string, with: "", caretAt: range.lowerBound, unit: unit,
                           clipboard: string.substring(range))
        case .copy:
            return unchanged(string, selection: range, unit: unit, clipboard: string.substring(range))
        case .deleteBackward, .deleteForward:
            let target = !range.isEmpty ? range
                : operation == .deleteBackward ? string.unit(before: range.lowerBound) : string.unit(after: range.lowerBound)
            guard let target else { return unchanged(string, selection: range, unit: unit) }
            return replace(target, in: string, with: "", caretAt: target.lowerBound, unit: unit)
        case .moveCaret(let n):
            var caret = n >= 0 ? range.upperBound : range.lowerBound
            for _ in 0 ..< min(n.magnitude, UInt(string.bytes.count)) {
                guard let step = n >= 0 ? string.unit(after: caret) : string.unit(before: caret) else { break }
                caret = n >= 0 ? step.upperBound : step.lowerBound
            }
            return unchanged(string, selection: caret ..< caret, unit: unit)
        case .select:
            return unchanged(string, selection: range, unit: unit)
        case .selectAll:
            return unchanged(string, selection: 0 ..< string.bytes.count, unit: unit)
        }
    }

    // MARK: - Insertion under the policy

    private func insert(_ inserted: String, into string: TextBackedString, replacing range: Range<Int>,
                        unit: OffsetUnit) -> EditResult {
        if inserted.utf8.contains(0) {
            return refused(string, range, unit, reason: "text", message: "U+0000 (NUL) cannot be inserted")
        }
        var piece = TextBackedString(inserted, catalog: catalog)
        var message: String?

        // Emoji: judged on the inserted clusters (stickers are never emoji).
        if policy.emoji != .allow {
            let found = piece.counts().emoji
            if !found.isEmpty {
                if policy.emoji == .reject {
                    return refused(string, range, unit, reason: "emoji", message: "Emoji are not allowed here.")
                }
                piece = TextBackedString(removing: found.map(\.range), from: piece)
                message = found.count == 1 ? "1 emoji was removed." : "\(found.count) emoji were removed."
            }
        }

        // Content rules judge the text that would result, wherever the edit happens.
        if policy.content != .any, let violation = policy.contentViolation(string.replacing(range, with: piece.text).text) {
            let what = switch violation {
            case "digits": "Only digits 0–9 are allowed here."
            case "decimalPlaces": "At most \(policy.decimalPlaces) digits are allowed after the point."
            default: "Only a decimal number is allowed here."
            }
            return refused(string, range, unit, reason: violation, message: what)
        }

        // Length: keep the longest prefix of whole units that fits.
        var kept = piece.text
        var truncated = false
        if let max = policy.maxLength {
            let base = (range.isEmpty ? string : string.replacing(range, with: "")).length(policy: policy)
            var units = piece.unitLengths(policy: policy)
            var available = max - base
            var keptBytes = 0
            for (end, length) in units {
                if length > available { break }  // a prefix: nothing after a unit that does not fit
                available -= length
                keptBytes = end
            }
            // Units are counted on their own; joined to their neighbours they
            // can count differently (a code completed, clusters that merge,
            // NFC), so unless nothing can join, check the real result and drop
            // units until it fits.
            units = units.filter { $0.end <= keptBytes }
            while !string.cannotJoin(piece.substring(0 ..< keptBytes), replacing: range) {
                let candidate = string.replacing(range, with: piece.substring(0 ..< keptBytes))
                if candidate.length(policy: policy) <= max || units.isEmpty { break }
                units.removeLast()
                keptBytes = units.last?.end ?? 0
            }
            if keptBytes < piece.bytes.count {
                truncated = true
                kept = piece.substring(0 ..< keptBytes)
                message = base > max
                    ? "The text is already over the limit of \(max); nothing was inserted."
                    : keptBytes == 0 ? "Nothing fits within the limit of \(max)."
                    : "Cut short to fit the limit of \(max)."
            }
        }

        let caret = range.lowerBound + kept.utf8.count
        return replace(range, in: string, with: kept, caretAt: caret, unit: unit, truncated: truncated, message: message)
    }

    // MARK: - Results

    private func replace(_ range: Range<Int>, in string: TextBackedString, with replacement: String, caretAt caret: Int,
                         unit: OffsetUnit, clipboard: String? = nil, truncated: Bool = false, message: String? = nil) -> EditResult {
        let result = string.replacing(range, with: replacement)
        // New text can join what was around it (typing `]` completes a code): the caret goes after the whole unit.
        let position = result.snapUp(caret)
        return EditResult(string: result, selection: .caret(result.displayOffset(ofPosition: position, unit: unit)),
                          plainSelection: .caret(result.plainUTF16Offset(ofPosition: position)), clipboard: clipboard,
                          changed: result.bytes != string.bytes, truncated: truncated, rejected: nil, message: message)
    }

    private func unchanged(_ string: TextBackedString, selection range: Range<Int>, unit: OffsetUnit,
                           clipboard: String? = nil) -> EditResult {
        EditResult(string: string, selection: string.displayRange(of: range, unit: unit),
                   plainSelection: string.plainUTF16Range(of: range), clipboard: clipboard, changed: false,
                   truncated: false, rejected: nil, message: nil)
    }

    private func refused(_ string: TextBackedString, _ range: Range<Int>, _ unit: OffsetUnit,
                         reason: String, message: String) -> EditResult {
        EditResult(string: string, selection: string.displayRange(of: range, unit: unit),
                   plainSelection: string.plainUTF16Range(of: range), clipboard: nil, changed: false,
                   truncated: false, rejected: reason, message: message)
    }
}

extension TextBackedString {
    /// Each whole unit's end position and its length under `policy`.
    func unitLengths(policy: InputPolicy) -> [(end: Int, length: Int)] {
        var units: [(end: Int, length: Int)] = []
        bytes.withUnsafeBufferPointer { p in
            forEachItem { range, sticker in
                if sticker != nil {
                    let lengths = policy.stickerWeight.map(TextLengths.uniform) ?? measure(range, in: p)
                    units.append((range.upperBound, lengths.value(in: policy.countMode)))
                } else {
                    GraphemeSegmentation.forEachCluster(in: range, of: p) { cluster, _ in
                        units.append((cluster.upperBound, measure(cluster, in: p).value(in: policy.countMode)))
                        return true
                    }
                }
                return true
            }
        }
        return units
    }

    /// The text with `range` (byte positions) replaced, built from bytes in one pass.
    func replacing(_ range: Range<Int>, with replacement: String) -> TextBackedString {
        var new: [UInt8] = []
        new.reserveCapacity(bytes.count - range.count + replacement.utf8.count)
        new += bytes[..<range.lowerBound]
        new += replacement.utf8
        new += bytes[range.upperBound...]
        return TextBackedString(validUTF8: new, catalog: catalog)
    }

    /// Whether putting `piece` in place of `range` certainly forms no new
    /// sticker and joins no grapheme cluster across the two junctions, so
    /// that lengths simply add up. False means "maybe": the caller recounts.
    func cannotJoin(_ piece: String, replacing range: Range<Int>) -> Bool {
        let pieceBytes = Array(piece.utf8)
        return bytes.withUnsafeBufferPointer { p in
            // A new code across a junction needs a `[` left open just before
            // the piece or a `]` just after it (codes inside the piece were
            // already units of its own).
            let reach = catalog.maxContentLength + 1
            var openBefore = false
            var j = range.lowerBound - 1
            while j >= max(0, range.lowerBound - reach) {
                let b = p[j]
                if b == UInt8(ascii: "[") { openBefore = true; break }
                if b == UInt8(ascii: "]") || b == 0x0A || b == 0x0D { break }
                j -= 1
            }
            var closeAfter = false
            j = range.upperBound
            while j < min(p.count, range.upperBound + reach) {
                let b = p[j]
                if b == UInt8(ascii: "]") { closeAfter = true; break }
                if b == UInt8(ascii: "[") || b == 0x0A || b == 0x0D { break }
                j += 1
            }
            if openBefore && (closeAfter || pieceBytes.contains(UInt8(ascii: "]"))) { return false }
            if closeAfter && pieceBytes.contains(UInt8(ascii: "[")) { return false }
            // A junction is a certain cluster boundary when the scalar on its
            // right is simple and the one on its left is simple or ends an
            // emoji (no rule joins an emoji, a modifier or U+FE0F to a simple
            // scalar after it; a regional indicator or ZWJ may join).
            func right(_ c: UInt32) -> Bool { GraphemeSegmentation.isSimple(c) }
            func left(_ c: UInt32) -> Bool {
                if GraphemeSegmentation.isSimple(c) { return true }
                if c == 0x200D || (0x1F1E6...0x1F1FF).contains(c) { return false }
                guard let scalar = Unicode.Scalar(c) else { return false }
                return scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier || c == 0xFE0F || c == 0x20E3
            }
            let before = range.lowerBound > 0 ? UTF8Bytes.scalar(at: UTF8Bytes.scalarStart(before: range.lowerBound, in: p), in: p) : 0x20
            let after = range.upperBound < p.count ? UTF8Bytes.scalar(at: range.upperBound, in: p) : 0x20
            guard let first = piece.unicodeScalars.first?.value, let last = piece.unicodeScalars.last?.value else {
                return left(before) && right(after)
            }
            return left(before) && right(first) && left(last) && right(after)
        }
    }

    /// The text with the given plain UTF-16 ranges (sorted, disjoint) removed.
    init(removing ranges: [TextRange], from string: TextBackedString) {
        var text = ""
        let utf16 = string.text.utf16
        var from = utf16.startIndex
        for range in ranges {
            let start = utf16.index(utf16.startIndex, offsetBy: range.location)
            text += String(string.text[from ..< start])
            from = utf16.index(start, offsetBy: range.length)
        }
        text += String(string.text[from...])
        self.init(text, catalog: string.catalog)
    }

    /// A position range as a display range.
    func displayRange(of range: Range<Int>, unit: OffsetUnit) -> TextRange {
        let start = displayOffset(ofPosition: range.lowerBound, unit: unit)
        return TextRange(location: start, length: displayOffset(ofPosition: range.upperBound, unit: unit) - start)
    }

    /// A position range as plain UTF-16 offsets.
    func plainUTF16Range(of range: Range<Int>) -> TextRange {
        let start = plainUTF16Offset(ofPosition: range.lowerBound)
        return TextRange(location: start, length: plainUTF16Offset(ofPosition: range.upperBound) - start)
    }
}
