extension PackImport {
    /// Adds `text` and the items it is about, when there are any: `passed over: a, b`.
    mutating func note(_ text: String, listing items: [String]) {
        if !items.isEmpty { notes.append("\(text): \(items.joined(separator: ", "))") }
    }
}
