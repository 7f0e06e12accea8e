/// Asks the terminal how wide it draws East Asian Ambiguous characters,
/// the way vim does at startup: print one (`▽`) at the start of the line,
/// ask where the cursor is (`ESC[6n`), and read the report (`ESC[row;colR`):
/// column 3 means two cells, column 2 one. The character is then wiped
/// with spaces. No answer within the timeout means one cell.
public enum AmbiguousWidthProbe {
    public static func ambiguousIsWide() -> Bool {
        let answer = TerminalQuery.ask("\r\u{25BD}\u{1B}[6n", timeout: .milliseconds(200), cleanup: "\r  \r",
                                       isComplete: { $0.last == UInt8(ascii: "R") })
        return answer.flatMap(column(ofReport:)) == 3
    }

    /// The column of a cursor position report, `ESC [ row ; col R`.
    static func column(ofReport bytes: [UInt8]) -> Int? {
        guard let escape = bytes.lastIndex(of: 0x1B) else { return nil }
        let report = String(decoding: bytes[escape...], as: UTF8.self)
        guard report.hasPrefix("\u{1B}["), report.hasSuffix("R") else { return nil }
        let numbers = report.dropFirst(2).dropLast().split(separator: ";")
        guard numbers.count == 2 else { return nil }
        return Int(numbers[1])
    }
}
