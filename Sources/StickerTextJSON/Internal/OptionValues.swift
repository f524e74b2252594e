import StickerText

/// Named values of a transport, read by type: what the decoders of render
/// options (`RenderOptions+Decoding`) and of a search
/// (`StickerTextAPI+Search`) read, whether the names come from a JSON object
/// (`JSONFields`), a query string or CLI flags (`TextValues`). Their errors
/// are the JSON reader's (`JSONError`), whichever: text values are read as
/// JSON literals, and the API answers both the same.
protocol OptionValues {
    func string(_ name: String) throws(JSONError) -> String?
    func int(_ name: String) throws(JSONError) -> Int?
    func bool(_ name: String) throws(JSONError) -> Bool?
    /// One of a closed set by its raw value; any other value is an error
    /// that names the field and the values it takes.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, _ type: T.Type) throws(JSONError) -> T?
    where T.RawValue == String
}

extension JSONFields: OptionValues {}
