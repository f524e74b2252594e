/// What an import made, and what it has to say (categories that became
/// packs, entries passed over).
public struct PackImport: Sendable {
    public var packs: [ImportedPack]
    public var notes: [String]
}
