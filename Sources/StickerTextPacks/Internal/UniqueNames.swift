/// Names given one by one, none twice: a name taken already gets a number
/// (`ku_2`, `ku_3`…, the first one free). Each base remembers the last
/// number it gave, so a thousand stickers named alike cost a thousand
/// steps, not half a million.
struct UniqueNames {
    /// Whether `Blob` and `blob` are one name (file names, which macOS and Windows folders do not tell apart).
    let caseBlind: Bool
    private var taken: Set<String> = []
    private var nextNumber: [String: Int] = [:]

    init(caseBlind: Bool = false) { self.caseBlind = caseBlind }

    private func key(_ name: String) -> String { caseBlind ? name.lowercased() : name }

    func contains(_ name: String) -> Bool { taken.contains(key(name)) }

    /// Takes `name` if it is free; whether it was.
    mutating func claim(_ name: String) -> Bool { taken.insert(key(name)).inserted }

    /// `base` if it is free and `acceptable`, else `numbered(n)` for the
    /// first n from 2 that is; taken from then on.
    mutating func unique(
        _ base: String, numbered: (Int) -> String, acceptable: (String) -> Bool = { _ in true }
    ) -> String {
        var name = base
        if contains(name) || !acceptable(name) {
            var number = nextNumber[key(base)] ?? 2
            repeat {
                name = numbered(number)
                number += 1
            } while contains(name) || !acceptable(name)
            nextNumber[key(base)] = number
        }
        taken.insert(key(name))
        return name
    }
}
