/// The small pieces of a URL dlib needs, without Foundation's URL, which
/// rewrites some of what it parses.
enum URLParts {
    /// `host:port` of an http(s) URL, without user info, path or query, so
    /// it can be shown to the user without leaking anything.
    static func hostAndPort(of url: String) -> String {
        var rest = Substring(url)
        var defaultPort = "80"
        if let scheme = rest.firstRange(of: "://") {
            if rest[..<scheme.lowerBound].lowercased() == "https" { defaultPort = "443" }
            rest = rest[scheme.upperBound...]
        }
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            rest = rest[..<end]
        }
        if let at = rest.lastIndex(of: "@") {
            rest = rest[rest.index(after: at)...]
        }
        let hasPort = rest.last(where: { $0 == ":" || $0 == "]" }) == ":"
        return hasPort ? String(rest) : "\(rest):\(defaultPort)"
    }
}
