import Foundation

/// Every way the service key can come back in text: as given, percent-
/// decoded (a key handed out encoded), encoded once (upper- or lower-case
/// hex), encoded twice, form-decoded (`+` read as a space) and form-encoded.
/// A server that echoes the request in an error page, or a proxy that
/// re-encodes it, uses one of these; all are matched ignoring case, which
/// can only hide a little more than the key, never less.
struct KeySpellings {
    /// Longest first, so a longer spelling is never half-replaced by a
    /// shorter one inside it.
    let spellings: [String]

    /// A cut line (an HTML excerpt, a truncated URL) may end inside the key:
    /// a prefix at least this long at the end of the text, or before the
    /// `…` of a cut, is redacted too.
    static let shortestPrefix = 8

    init(key: String) {
        var bases: Set<String> = [key]
        if let decoded = key.removingPercentEncoding { bases.insert(decoded) }
        var all: Set<String> = []
        for base in bases {
            let once = PercentEncoding.encode(base)
            all.formUnion([
                base, once, once.lowercased(),
                PercentEncoding.encode(once), PercentEncoding.encode(once).lowercased(),
                base.replacingOccurrences(of: "+", with: " "),
                PercentEncoding.encode(base.replacingOccurrences(of: "+", with: " ")).replacingOccurrences(of: "%20", with: "+"),
                PercentEncoding.encode(base, keepEscapes: PercentEncoding.isAlreadyEncoded(base)),
            ])
        }
        spellings = all.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }

    func redact(_ text: String) -> String {
        var result = text
        for spelling in spellings {
            result = result.replacingOccurrences(of: spelling, with: "REDACTED", options: .caseInsensitive)
        }
        // What a cut left of a spelling: its longest prefix before `…` or at the end.
        for spelling in spellings where spelling.count > Self.shortestPrefix {
            for length in stride(from: spelling.count - 1, through: Self.shortestPrefix, by: -1) {
                let prefix = String(spelling.prefix(length))
                result = result.replacingOccurrences(of: prefix + "…", with: "REDACTED…", options: .caseInsensitive)
                if let range = result.range(of: prefix, options: [.caseInsensitive, .backwards, .anchored]) {
                    result.replaceSubrange(range, with: "REDACTED")
                }
            }
        }
        return result
    }
}
