/// One edit of a text-backed string under a valid policy (`TextBackedString.applying`).
/// Every operation is a pure function of (text, selection, operation, policy).
/// Codes are the string's own catalog's (a copy of the catalog kept here
/// cost each edit a retain and a release per table).
struct TextEditor {
    let policy: InputPolicy

    /// `selection` nil is a caret at the end of the text: found in the one
    /// parse of the text the edit makes, not by measuring it first.
    func apply(
        _ operation: EditOperation, to string: TextBackedString, selection: TextRange?, unit: TextRange.Unit
    ) throws(InputError) -> EditResult {
        let range: Range<Int>
        if let selection {
            guard let found = string.positions(of: selection, unit: unit) else {
                throw .selectionOutOfRange(selection, length: string.displayLength(unit: unit), unit: unit)
            }
            range = found
        } else {
            range = string.bytes.count..<string.bytes.count
        }
        switch operation {
        case .insert(let inserted), .paste(let inserted):
            return insert(inserted, into: string, replacing: range, unit: unit)
        case .insertSticker(let tag):
            guard let canonical = string.catalog.sticker(forCode: tag)?.tag else {
                throw .unknownSticker(tag)
            }
            return insert(canonical, into: string, replacing: range, unit: unit)
        case .cut:
            return replace(
                range, in: string, with: "", caretAt: range.lowerBound, unit: unit,
                clipboard: string.substring(range))
        case .copy:
            return unchanged(string, selection: range, unit: unit, clipboard: string.substring(range))
        case .deleteBackward, .deleteForward:
            let target =
                !range.isEmpty
                ? range
                : operation == .deleteBackward
                    ? string.unit(before: range.lowerBound) : string.unit(after: range.lowerBound)
            guard let target else { return unchanged(string, selection: range, unit: unit) }
            return replace(target, in: string, with: "", caretAt: target.lowerBound, unit: unit)
        case .moveCaret(let n):
            // No text has more units than bytes: a larger move is clamped first.
            let count = Int(min(n.magnitude, UInt(string.bytes.count)))
            let caret =
                n >= 0
                ? string.position(movingForward: count, from: range.upperBound)
                : string.position(movingBackward: count, from: range.lowerBound)
            return unchanged(string, selection: caret..<caret, unit: unit)
        case .select:
            return unchanged(string, selection: range, unit: unit)
        case .selectAll:
            return unchanged(string, selection: 0..<string.bytes.count, unit: unit)
        }
    }

    // MARK: - Insertion under the policy

    private func insert(
        _ inserted: String, into string: TextBackedString, replacing range: Range<Int>,
        unit: TextRange.Unit
    ) -> EditResult {
        if inserted.utf8.contains(0) {
            return refused(string, range, unit, reason: .nul, message: "U+0000 (NUL) cannot be inserted")
        }
        if policy.countMode == .weighted, LengthCounting.hasInvalidCharacters(inserted.utf8) {
            return refused(
                string, range, unit, reason: .invalidCharacters,
                message: "U+FFFE, U+FEFF and U+FFFF are not allowed here.")
        }
        // What is kept of the insert, and the same as a text-backed string once a rule has read its units
        // (emoji, length): the usual edit, under no such rule, never scans the insert for codes.
        var kept = inserted
        var piece: TextBackedString?
        var note: EditResult.Note?
        var removed = 0

        // Emoji: judged on the clusters of the text the insert would make, as
        // it joins what is around it (1 + U+FE0F U+20E3 makes 1️⃣): stripping
        // takes the inserted part of each such cluster out.
        if policy.emoji != .allow {
            let whole = TextBackedString(inserted, catalog: string.catalog)
            piece = whole
            let inserted = range.lowerBound..<range.lowerBound + whole.bytes.count
            let touched = string.replacing(range, with: whole.text).emojiClusters(overlapping: inserted)
            if !touched.isEmpty {
                if policy.emoji == .reject {
                    return refused(string, range, unit, reason: .emoji, message: "Emoji are not allowed here.")
                }
                let stripped = whole.removing(
                    touched.map {
                        max($0.lowerBound, inserted.lowerBound) - inserted.lowerBound..<min(
                            $0.upperBound, inserted.upperBound) - inserted.lowerBound
                    })
                piece = stripped
                kept = stripped.text
                note = .emojiRemoved
                removed = touched.count
            }
        }

        // Content rules judge the text that would result, wherever the edit happens.
        if policy.content != .any,
            let violation = policy.contentViolation(string.replacing(range, with: kept).text)
        {
            let what =
                switch violation {
                case .digits: "Only digits 0–9 are allowed here."
                case .decimalPlaces: "At most \(policy.decimalPlaces) digits are allowed after the point."
                default: "Only a decimal number is allowed here."
                }
            return refused(string, range, unit, reason: violation, message: what)
        }

        // Length: the whole insert if it fits, else the longest prefix of whole units that does (InsertCut).
        var truncated = false
        if let max = policy.maxLength {
            let piece = piece ?? TextBackedString(kept, catalog: string.catalog)
            switch InsertCut.fit(piece, into: string, replacing: range, policy: policy, maxLength: max) {
            case .whole:
                break
            case .alreadyOver:
                truncated = true
                kept = ""
                note = .alreadyOver
            case .cut(let bytes):
                truncated = true
                kept = piece.substring(0..<bytes)
                note = bytes == 0 ? .nothingFits : .cutShort
            }
        }

        // What is left of the insert, cut or stripped, may still make an emoji with the text around it.
        if policy.emoji != .allow, !kept.isEmpty,
            !string.replacing(range, with: kept).emojiClusters(
                overlapping: range.lowerBound..<range.lowerBound + kept.utf8.count
            ).isEmpty
        {
            return refused(string, range, unit, reason: .emoji, message: "Emoji are not allowed here.")
        }

        let caret = range.lowerBound + kept.utf8.count
        return replace(
            range, in: string, with: kept, caretAt: caret, unit: unit, truncated: truncated,
            note: note, message: note.map { Self.sentence(for: $0, maxLength: policy.maxLength ?? 0, removed: removed) }
        )
    }

    /// A note's `message`: a sentence in English for people (a page says the note in its own language).
    static func sentence(for note: EditResult.Note, maxLength max: Int, removed: Int) -> String {
        switch note {
        case .emojiRemoved: removed == 1 ? "1 emoji was removed." : "\(removed) emoji were removed."
        case .alreadyOver: "The text is already over the limit of \(max); nothing was inserted."
        case .cutShort: "Cut short to fit the limit of \(max)."
        case .nothingFits: "Nothing fits within the limit of \(max)."
        }
    }

    // MARK: - Results

    private func replace(
        _ range: Range<Int>, in string: TextBackedString, with replacement: String, caretAt caret: Int,
        unit: TextRange.Unit, clipboard: String? = nil, truncated: Bool = false,
        note: EditResult.Note? = nil, message: String? = nil
    ) -> EditResult {
        let result = string.replacing(range, with: replacement)
        // New text can join what was around it (typing `]` completes a code): the caret goes after the whole unit.
        let position = result.snapUp(caret)
        return EditResult(
            string: result, selection: .caret(result.displayOffset(ofPosition: position, unit: unit)),
            plainSelection: .caret(result.plainUTF16Offset(ofPosition: position)), clipboard: clipboard,
            changed: result.bytes != string.bytes, truncated: truncated, rejected: nil, note: note, message: message)
    }

    private func unchanged(
        _ string: TextBackedString, selection range: Range<Int>, unit: TextRange.Unit,
        clipboard: String? = nil
    ) -> EditResult {
        EditResult(
            string: string, selection: string.displayRange(of: range, unit: unit),
            plainSelection: string.plainUTF16Range(of: range), clipboard: clipboard, changed: false,
            truncated: false, rejected: nil, note: nil, message: nil)
    }

    private func refused(
        _ string: TextBackedString, _ range: Range<Int>, _ unit: TextRange.Unit,
        reason: InputPolicy.Violation, message: String
    ) -> EditResult {
        EditResult(
            string: string, selection: string.displayRange(of: range, unit: unit),
            plainSelection: string.plainUTF16Range(of: range), clipboard: nil, changed: false,
            truncated: false, rejected: reason, note: nil, message: message)
    }
}
