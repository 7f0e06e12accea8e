import DLibKit

/// A first word that is no subcommand (`dlib lst`): one line that names
/// it and, when one is close, the command that was probably meant.
struct UnknownCommand {
    var given: String
    var suggestion: String?

    /// nil when the first argument is an option or a known command.
    init?(arguments: [String], known: [String]) {
        guard let first = arguments.first, !first.hasPrefix("-"), !known.contains(first) else { return nil }
        given = first
        let scored = known.map { ($0, Self.distance(first.lowercased(), $0)) }
        let best = scored.min { $0.1 < $1.1 }
        // Close enough: a typo or two, or the start of a command.
        if let best, best.1 <= max(1, min(2, first.count / 2)) {
            suggestion = "dlib " + best.0
        } else if let prefixed = known.first(where: { $0.hasPrefix(first.lowercased()) }) {
            suggestion = "dlib " + prefixed
        }
    }

    var line: String { Message.unknownCommand(given: given, suggestion: suggestion).text() }

    /// Levenshtein distance, with a transposition counted as one edit.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1)
                }
            }
        }
        return rows[a.count][b.count]
    }
}
