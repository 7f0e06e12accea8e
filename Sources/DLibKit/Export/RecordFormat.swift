/// How the export writes holdings: CSV per RFC 4180 (CRLF line ends, the
/// header first), or JSON lines with the contract's names.
public enum RecordFormat: Sendable {
    /// `excel`: a UTF-8 byte order mark, and cells that a spreadsheet would
    /// run as a formula (`=`, `+`, `-`, `@`, tab, CR first) prefixed with `'`.
    /// `fields`: the columns, in order (`--columns`); every field by default.
    case csv(excel: Bool, fields: [Holding.Field] = Holding.Field.allCases)
    case jsonLines

    public func preamble() -> [UInt8] {
        switch self {
        case .csv(let excel, let fields):
            return (excel ? [0xEF, 0xBB, 0xBF] : []) + Array(CSV.line(fields.map(\.columnName)).utf8)
        case .jsonLines:
            return []
        }
    }

    public func encode(_ holding: Holding) -> String {
        switch self {
        case .csv(let excel, let fields):
            let values = fields.map { holding[text: $0] ?? "" }
            return CSV.line(excel ? values.map(CSV.neutraliseFormula) : values)
        case .jsonLines:
            return JSONWriter.object(holding) + "\n"
        }
    }
}

/// RFC 4180: a field is quoted when it holds a comma, a quote or a line
/// break, with quotes doubled; lines end with CRLF.
public enum CSV {
    public static func field(_ value: String) -> String {
        let needsQuotes = value.utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard needsQuotes else { return value }
        var out = "\""
        for character in value.unicodeScalars {
            if character == "\"" { out += "\"\"" } else { out.unicodeScalars.append(character) }
        }
        return out + "\""
    }

    public static func line(_ values: [String]) -> String {
        values.map(field).joined(separator: ",") + "\r\n"
    }

    static func neutraliseFormula(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return value }
        return "'" + value
    }
}
