/// Which cover URLs dlib will ask for: a server names them, and the user
/// never chose its hosts, so only plain http and https URLs of printable
/// ASCII and sensible length, nothing libcurl could read as a file or
/// another protocol.
enum CoverURL {
    static let maximumLength = 2048

    static func accepted(_ url: String?) -> String? {
        guard let url, url.utf8.count <= maximumLength else { return nil }
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else { return nil }
        guard url.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else { return nil }
        return url
    }
}
