import Foundation

/// Where the catalogue lives, which dialect it speaks, and the key that
/// opens it (the portal's; Pyxis needs none).
public struct ServiceConfig: Sendable {
    public var source: Source
    /// The endpoint URL, without the service key. For Pyxis, the base:
    /// everything before `/search`.
    public var endpoint: String
    public let serviceKey: String?
    /// Every spelling of the key, worked out once: redaction runs on every
    /// line dlib prints and every request `--verbose` logs.
    private let keySpellings: KeySpellings?
    /// What `dlib list` searches for on Pyxis, which lists by searching.
    public var listTerm: String

    public init(endpoint: String, serviceKey: String?, source: Source = .portal, listTerm: String = "") {
        self.source = source
        self.endpoint = endpoint
        // Pyxis takes no key: one configured for the portal never travels there.
        self.serviceKey = source == .portal ? serviceKey.flatMap { $0.isEmpty ? nil : $0 } : nil
        keySpellings = self.serviceKey.map(KeySpellings.init(key:))
        self.listTerm = listTerm
    }

    /// The key as it goes on the wire: encoded exactly once. A key the portal
    /// handed out already encoded (valid `%XX` escapes and no stray `%`)
    /// keeps its escapes; anything else reserved in it is escaped.
    var encodedServiceKey: String? {
        serviceKey.map { PercentEncoding.encode($0, keepEscapes: PercentEncoding.isAlreadyEncoded($0)) }
    }

    /// Replaces the key, in every spelling a server or a URL may give it,
    /// with `REDACTED`: see `KeySpellings`.
    public func redact(_ text: String) -> String {
        keySpellings?.redact(text) ?? text
    }
}

extension ServiceConfig {
    /// An endpoint pasted from the portal with `serviceKey=` in it: the key
    /// is taken out (so it is never stored with the cursor) and returned.
    public static func splitKey(from endpoint: String) -> (endpoint: String, key: String?) {
        guard let question = endpoint.firstIndex(of: "?") else { return (endpoint, nil) }
        var key: String?
        let kept = endpoint[endpoint.index(after: question)...].split(separator: "&").filter { pair in
            guard pair.lowercased().hasPrefix("servicekey=") else { return true }
            key = String(pair.dropFirst("serviceKey=".count))
            return false
        }
        let base = String(endpoint[..<question])
        return (kept.isEmpty ? base : base + "?" + kept.joined(separator: "&"), key)
    }
}
