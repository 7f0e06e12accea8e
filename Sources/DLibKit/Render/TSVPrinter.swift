/// The form for pipes: a header and one line per holding, tab-separated,
/// every field of the one field list, no decoration, stable for `cut` and
/// `awk`. Tabs and line breaks inside a value become spaces so a row stays
/// one line; copies are their JSON array, as in the CSV.
public enum TSVPrinter {
    /// `fields`: the columns asked for with `--columns`, in their order.
    public static func render(_ holdings: [Holding], fields: [Holding.Field] = Holding.Field.allCases, includeHeader: Bool = true) -> String {
        var out = includeHeader ? fields.map(\.columnName).joined(separator: "\t") + "\n" : ""
        for holding in holdings {
            out += fields.map { Sanitiser.clean(holding[text: $0] ?? "") }.joined(separator: "\t") + "\n"
        }
        return out
    }
}
