/// A holding as a row of the export: one column per field of the one field
/// list, named by `Holding.Field.columnName`, values as in the data
/// (missing is empty).
public enum HoldingRow {
    public static let header = Holding.Field.allCases.map(\.columnName)

    public static func values(_ holding: Holding) -> [String] {
        Holding.Field.allCases.map { holding[text: $0] ?? "" }
    }

    /// The holding a row of a CSV in today's layout stands for.
    public static func holding(_ row: [String]) -> Holding? {
        Layout.current.holding(row)
    }

    /// Which field each column of a dlib CSV holds, read from its header,
    /// so a snapshot written before fields were added still reads: a column
    /// it lacks is empty, a column dlib does not know is ignored.
    public struct Layout: Sendable {
        private let columns: [Holding.Field?]

        public static let current = Layout(columns: Holding.Field.allCases)

        private init(columns: [Holding.Field?]) {
            self.columns = columns
        }

        /// nil unless the header is a dlib CSV's: `control_no` first.
        public init?(header: [String]) {
            guard header.first == Holding.Field.controlNo.columnName else { return nil }
            columns = header.map { Holding.Field(anyName: $0) }
        }

        public func holding(_ row: [String]) -> Holding? {
            guard let id = row.first, !id.isEmpty else { return nil }
            var values: [Holding.Field: String] = [:]
            for (field, value) in zip(columns, row) {
                if let field, values[field] == nil { values[field] = value }
            }
            return Holding(controlNo: id) { values[$0] }
        }
    }
}
