/// Numbers as people read them in a summary line: 1,237.
public enum NumberText {
    public static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }

    /// `1 page`, `13 pages`, `1,237 holdings`.
    public static func count(_ value: Int, _ singular: String, _ plural: String? = nil) -> String {
        "\(grouped(value)) \(value == 1 ? singular : plural ?? singular + "s")"
    }
}
