/// Makes catalogue text safe to put on a terminal: a value must not be able
/// to move the cursor, recolour the screen or reverse a line. Only the
/// terminal printers use it; CSV and JSON carry the data unchanged.
public enum Sanitiser {
    public static func clean(_ text: String) -> String {
        // Fast path: printable ASCII needs nothing.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x0B, 0x0C, 0x2028, 0x2029:
                scalars.append(" ") // line breaks and tabs become spaces
            case 0x00...0x1F, 0x7F, 0x80...0x9F:
                continue // C0, DEL, C1
            case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                continue // bidi embeddings, overrides, isolates and marks
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}
