import Foundation

/// Where the catalogue lives and the key that opens it.
public struct ServiceConfig: Sendable {
    /// The endpoint URL, without the service key.
    public var endpoint: String
    public var serviceKey: String?

    public init(endpoint: String, serviceKey: String?) {
        self.endpoint = endpoint
        self.serviceKey = serviceKey.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The key as it goes on the wire: encoded exactly once. A key the portal
    /// handed out already encoded (valid `%XX` escapes and no stray `%`)
    /// keeps its escapes; anything else reserved in it is escaped.
    var encodedServiceKey: String? {
        serviceKey.map { PercentEncoding.encode($0, keepEscapes: PercentEncoding.isAlreadyEncoded($0)) }
    }

    /// Replaces the key, in every form it may take in a URL, with `REDACTED`.
    public func redact(_ text: String) -> String {
        guard let serviceKey else { return text }
        var result = text
        for form in Set([encodedServiceKey!, PercentEncoding.encode(serviceKey), serviceKey]) where !form.isEmpty {
            result = result.replacingOccurrences(of: form, with: "REDACTED")
        }
        return result
    }
}
