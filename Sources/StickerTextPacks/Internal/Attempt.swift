/// One entry of a document (an emoji of a list), decoded on its own: an
/// entry of the wrong shape is that entry's problem, reported with the
/// others' (`FormatJSON.issue`), and the document's other entries are read.
struct Attempt<Value: Decodable>: Decodable {
    let result: Result<Value, DecodingError>

    init(_ value: Value) { result = .success(value) }

    init(from decoder: any Decoder) throws {
        do {
            result = .success(try Value(from: decoder))
        } catch let error as DecodingError {
            result = .failure(error)
        }
    }

    var value: Value? { try? result.get() }
}

extension Attempt: Encodable where Value: Encodable {
    func encode(to encoder: any Encoder) throws {
        if let value { try value.encode(to: encoder) }
    }
}
