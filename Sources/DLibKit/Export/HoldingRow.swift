/// A holding as a row of the export: the fixed column order and names of
/// the CSV header, values as in the data (missing is empty).
public enum HoldingRow {
    public static let header = [
        "control_no", "title", "author", "publisher", "pub_year", "isbn",
        "call_no", "material_type", "location", "reg_date", "cover_url",
    ]

    public static func values(_ holding: Holding) -> [String] {
        holding.fields.map { $0.value ?? "" }
    }

    /// The holding a row of a dlib CSV stands for (empty is missing).
    public static func holding(_ row: [String]) -> Holding? {
        guard row.count >= header.count, !row[0].isEmpty else { return nil }
        func value(_ index: Int) -> String? { row[index].isEmpty ? nil : row[index] }
        return Holding(
            controlNo: row[0], title: value(1), author: value(2), publisher: value(3), pubYear: value(4),
            isbn: value(5), callNo: value(6), materialType: value(7), location: value(8),
            regDate: value(9), coverUrl: value(10))
    }
}
