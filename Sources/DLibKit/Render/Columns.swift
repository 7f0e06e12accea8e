/// Which fields a printer shows, by the names of the one field list
/// (`--columns title,author,call_no,availability`), and what each looks like
/// as a column of the table: its header, how wide it wants to be, how
/// narrow it may get, and the order columns give way in on a narrow
/// terminal. The table, the grid, TSV and CSV all take the same list.
public enum Columns {
    /// At 80 columns and more: what a librarian reads first.
    public static let tableDefault: [Holding.Field] = [.controlNo, .title, .author, .pubYear, .callNo, .availability, .coverUrl]
    /// The card's text lines beside its cover.
    public static let gridDefault: [Holding.Field] = [.title, .author, .pubYear, .controlNo]

    public struct Failure: Error, Sendable, Equatable {
        public var message: String
    }

    /// Short names people type, besides the field names themselves
    /// (`call_no` or `callNo`).
    static let aliases: [String: Holding.Field] = [
        "id": .controlNo, "year": .pubYear, "cover": .coverUrl, "status": .availability,
        "call": .callNo, "call_number": .callNo, "type": .materialType, "registered": .regDate,
    ]

    /// `title,author,call_no`: each a field name or an alias, none twice.
    public static func parse(_ list: String) throws(Failure) -> [Holding.Field] {
        var fields: [Holding.Field] = []
        for raw in list.split(separator: ",", omittingEmptySubsequences: false) {
            let name = String(raw).trimmingUnicodeWhitespace().lowercased()
            guard let field = Holding.Field(anyName: name) ?? Holding.Field.allCases.first(where: { $0.name.lowercased() == name }) ?? aliases[name] else {
                throw Failure(message: "unknown column `\(raw)`; the columns are "
                    + Holding.Field.allCases.map(\.columnName).joined(separator: ", ") + " (also id, year, cover, status)")
            }
            if !fields.contains(field) { fields.append(field) }
        }
        guard !fields.isEmpty else { throw Failure(message: "--columns names no column") }
        return fields
    }

    /// The table's header for a field: short, since it sets a minimum width.
    static func header(_ field: Holding.Field) -> String {
        switch field {
        case .controlNo: return "ID"
        case .availability: return "Status"
        case .regDate: return "Registered"
        default: return field.label
        }
    }

    /// The widest a column gets however long its values (the title: no cap).
    static func cap(_ field: Holding.Field) -> Int {
        switch field {
        case .controlNo: return 14
        case .title: return .max
        case .pubYear: return 4
        case .isbn, .issn: return 13
        case .regDate: return 10
        case .availability: return 12
        case .publisher: return 14
        default: return 16
        }
    }

    /// The narrowest it may be squeezed to before it is dropped.
    static func minimum(_ field: Holding.Field) -> Int {
        switch field {
        case .controlNo: return .max // never squeezed
        case .coverUrl: return 1 // by then it is its one-cell mark
        case .pubYear: return 4
        default: return 8
        }
    }

    /// Squeezed, then dropped, in this order when the title has no room;
    /// the id and the title are never dropped.
    static let givingWay: [Holding.Field] = [
        .publisher, .place, .edition, .issn, .size, .pages, .location, .materialType, .regDate, .isbn, .copies,
        .author, .callNo, .coverUrl, .pubYear, .availability,
    ]
}
