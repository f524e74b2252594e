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
            // No text has more units than bytes: a larger move is clamped first.
            let count = Int(min(n.magnitude, UInt(string.bytes.count)))
            let caret = n >= 0 ? string.position(movingForward: count, from: range.upperBound)
                : string.position(movingBackward: count, from: range.lowerBound)
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
            return refused(string, range, unit, reason: .nul, message: "U+0000 (NUL) cannot be inserted")
        }
        if policy.countMode == .weighted, LengthCounting.hasInvalidCharacters(inserted.utf8) {
            return refused(string, range, unit, reason: .invalidCharacters,
                           message: "U+FFFE, U+FEFF and U+FFFF are not allowed here.")
        }
        var piece = TextBackedString(inserted, catalog: catalog)
        var message: String?

        // Emoji: judged on the inserted clusters (stickers are never emoji).
        if policy.emoji != .allow {
            let found = piece.counts().emoji
            if !found.isEmpty {
                if policy.emoji == .reject {
                    return refused(string, range, unit, reason: .emoji, message: "Emoji are not allowed here.")
                }
                piece = TextBackedString(removing: found.map(\.range), from: piece)
                message = found.count == 1 ? "1 emoji was removed." : "\(found.count) emoji were removed."
            }
        }

        // Content rules judge the text that would result, wherever the edit happens.
        if policy.content != .any, let violation = policy.contentViolation(string.replacing(range, with: piece.text).text) {
            let what = switch violation {
            case .digits: "Only digits 0–9 are allowed here."
            case .decimalPlaces: "At most \(policy.decimalPlaces) digits are allowed after the point."
            default: "Only a decimal number is allowed here."
            }
            return refused(string, range, unit, reason: EditRejection(violation), message: what)
        }

        // Length: keep the longest prefix of whole units that fits.
        var kept = piece.text
        var truncated = false
        if let max = policy.maxLength {
            let rest = range.isEmpty ? string : string.replacing(range, with: "")
            let base = rest.length(policy: policy)
            var units = piece.unitLengths(policy: policy)
            var available = max - base
            var keptBytes = 0
            if policy.countMode == .weighted && (rest.bytes.contains(0x2E) || piece.bytes.contains(0x2E)) {
                // A URL weighs 23 whatever its length, so a longer prefix can
                // weigh less ("http://averyveryverylongname.c" 30, "….com" 23)
                // and one more unit can change a URL before it: the longest
                // prefix whose result fits, each result counted whole.
                // Text already over the limit takes nothing more, as in every mode.
                var k = base > max ? 0 : units.count
                while k > 0 && string.replacing(range, with: piece.substring(0 ..< units[k - 1].end)).length(policy: policy) > max {
                    k -= 1
                }
                keptBytes = k > 0 ? units[k - 1].end : 0
                units = []  // decided: nothing to sum, nothing to drop
            }
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
                         reason: EditRejection, message: String) -> EditResult {
        EditResult(string: string, selection: string.displayRange(of: range, unit: unit),
                   plainSelection: string.plainUTF16Range(of: range), clipboard: nil, changed: false,
                   truncated: false, rejected: reason, message: message)
    }
}
