/// A JSON value written by hand rather than through JSONSerialization, so
/// the sample server controls its answers byte for byte: keys keep the
/// order of the contract's example, numbers keep their digits (an id may be
/// longer than any Int), and strings are escaped as RFC 8259 requires and
/// no more (Hangul and `/` travel as they are, as Pyxis writes them).
indirect enum JSONText: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's text, written verbatim: the caller makes it valid.
    case number(String)
    case string(String)
    /// JSON text written by someone else, copied as is (a fault's payload).
    case raw(String)
    case array([JSONText])
    /// Members in the order given; JSON objects have no order, but a
    /// stable one keeps answers reproducible and diffable.
    case object([(String, JSONText)])

    static func int(_ value: Int) -> JSONText { .number(String(value)) }

    /// A string, or null when there is none.
    static func nullable(_ value: String?) -> JSONText { value.map { .string($0) } ?? .null }

    static func == (lhs: JSONText, rhs: JSONText) -> Bool { lhs.rendered == rhs.rendered }

    var rendered: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text), .raw(let text): out += text
        case .string(let text): Self.writeString(text, to: &out)
        case .array(let values):
            out += "["
            for (position, value) in values.enumerated() {
                if position > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (position, (key, value)) in members.enumerated() {
                if position > 0 { out += "," }
                Self.writeString(key, to: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Quotes and backslashes escaped, control characters as their short
    /// escape or `\u00XX`; everything else, Hangul included, as UTF-8.
    static func writeString(_ text: String, to out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: false)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
