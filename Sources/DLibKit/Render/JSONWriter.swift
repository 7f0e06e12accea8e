/// Holdings as JSON with a fixed key order (the one field list's) and
/// explicit nulls, which Foundation's encoder does not give.
public enum JSONWriter {
    public static func quote(_ value: String) -> String { JSONText.quote(value) }

    /// One holding as a single-line object with the contract's names;
    /// `copies` is an array (empty when the source lists none).
    public static func object(_ holding: Holding) -> String {
        "{" + Holding.Field.allCases.map { field in
            let value = field == .copies ? CopiesText.encode(holding.copies) : JSONText.value(holding[text: field])
            return JSONText.quote(field.name) + ":" + value
        }.joined(separator: ",") + "}"
    }
}

extension Holding {
    /// From an object with the contract's names, as `JSONWriter` writes it.
    public init?(jsonObject object: [String: Any]) {
        guard let id = object["controlNo"] as? String else { return nil }
        self.init(controlNo: id) { field in object[field.name] as? String }
        if let copies = object["copies"] as? [Any] { self.copies = CopiesText.decode(copies) }
    }
}
