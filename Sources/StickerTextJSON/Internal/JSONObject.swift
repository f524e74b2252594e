/// A JSON object's members, in the order written, each name once (the
/// parser refuses a duplicate). A list, not a hashed table: a request's
/// object has a handful of members, read a few times each by name, and
/// hashing every name (SipHash), growing a table and probing it cost an
/// edit more than a quarter of its JSON instructions. A lookup compares
/// bytes (`FieldName`) and is linear in the members, so a type reads an
/// object by name only once `JSONFields` has refused every name it does
/// not know: then there are at most as many members as names it knows.
package struct JSONObject {
    package struct Member {
        package let name: FieldName
        package let value: JSONValue
    }

    package let members: [Member]

    package init(_ members: [Member]) { self.members = members }

    /// The value named `name`, if any: a scan (see above).
    /// Compared in place: iterating `members` copied each (retaining its
    /// name and value) only to compare its name.
    package subscript(name: FieldName) -> JSONValue? { value(named: name.text) }

    func value(named name: String) -> JSONValue? {
        for k in members.indices where FieldName.sameBytes(members[k].name.text, name) { return members[k].value }
        return nil
    }
}
