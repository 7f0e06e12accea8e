/// The form for pipes: a header and one line per holding, tab-separated,
/// every field, no decoration, stable for `cut` and `awk`. Tabs and line
/// breaks inside a value become spaces so a row stays one line.
public enum TSVPrinter {
    public static let header = [
        "control_no", "title", "author", "publisher", "pub_year", "isbn",
        "call_no", "material_type", "location", "reg_date", "cover_url",
    ]

    public static func render(_ holdings: [Holding], includeHeader: Bool = true) -> String {
        var out = includeHeader ? header.joined(separator: "\t") + "\n" : ""
        for holding in holdings {
            out += holding.fields.map { Sanitiser.clean($0.value ?? "") }.joined(separator: "\t") + "\n"
        }
        return out
    }
}
