/// The syntax of a sticker code: `[` + 1–128 characters + `]`, where the
/// characters are not brackets, line breaks or control characters. Codes
/// that break it could never be typed on one line or scanned unambiguously.
/// 128 is the longest shortcode Mastodon takes (Matrix's are up to 100
/// bytes), so an instance's emoji keep their names; the scanner looks back
/// only as far as the catalog's longest code, so the bound costs nothing
/// to packs of short codes.
package enum TagSyntax {
    static let maxCharacters = 128

    /// Why `code` is not a valid sticker code, or nil if it is one.
    package static func problem(in code: String) -> String? {
        guard code.hasPrefix("["), code.hasSuffix("]"), code.count >= 2 else {
            return "a code must start with \"[\" and end with \"]\""
        }
        let content = code.dropFirst().dropLast()
        if content.isEmpty { return "a code needs 1 to \(maxCharacters) characters between its brackets" }
        if content.count > maxCharacters {
            return "a code has at most \(maxCharacters) characters between its brackets (this one has \(content.count))"
        }
        for scalar in content.unicodeScalars {
            if scalar == "[" || scalar == "]" { return "a code cannot contain a bracket inside" }
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                return "a code cannot contain a line break or control character"
            }
        }
        return nil
    }
}
