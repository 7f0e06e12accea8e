/// A small JSON writer with a fixed key order and explicit nulls, which
/// Foundation's encoder does not give. Strings are written as they are,
/// UTF-8, with only what JSON requires escaped.
public struct JSONWriter {
    public private(set) var text = ""

    public init() {}

    public static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    public static func value(_ string: String?) -> String {
        string.map(quote) ?? "null"
    }

    /// One holding as a single-line object with the contract's names.
    public static func object(_ holding: Holding) -> String {
        "{" + holding.fields.map { "\(quote($0.name)):\(value($0.value))" }.joined(separator: ",") + "}"
    }
}
