/// A request as the sample server reads it: GET and a query, nothing more.
public struct ServerRequest: Sendable {
    public var method: String
    public var path: String
    /// Query parameters, percent-decoded, `+` read as a space (form rules).
    public var query: [String: String]
    public var keepAlive: Bool
    /// For the covers' conditional requests.
    public var ifNoneMatch: String?

    init?(head: String) {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { return nil }
        method = String(parts[0])
        let target = parts[1]
        let pathEnd = target.firstIndex(of: "?") ?? target.endIndex
        path = String(target[..<pathEnd])
        query = [:]
        if pathEnd < target.endIndex {
            for pair in target[target.index(after: pathEnd)...].split(separator: "&") {
                let halves = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = FormDecoding.decode(halves[0])
                if query[name] == nil { query[name] = FormDecoding.decode(halves.count > 1 ? halves[1] : "") }
            }
        }
        keepAlive = parts[2] == "HTTP/1.1"
        for line in lines.dropFirst() {
            let lower = line.lowercased()
            if lower.hasPrefix("connection:") {
                keepAlive = !lower.contains("close")
            } else if lower.hasPrefix("if-none-match:") {
                ifNoneMatch = line.dropFirst("if-none-match:".count).trimmingCharacters(in: .whitespaces)
            }
        }
    }
}

/// What the server sends back, and how: the fault kinds of later tests
/// shape the `delivery`.
public struct ServerResponse: Sendable {
    public enum Delivery: Sendable {
        case whole
        /// Send the head and this many body bytes, then close the connection.
        case truncated(afterBytes: Int)
    }

    public var status: Int
    public var contentType: String
    public var headers: [(String, String)]
    public var body: [UInt8]
    public var delivery: Delivery

    public init(status: Int, contentType: String = "application/xml; charset=UTF-8",
                headers: [(String, String)] = [], body: [UInt8], delivery: Delivery = .whole) {
        self.status = status
        self.contentType = contentType
        self.headers = headers
        self.body = body
        self.delivery = delivery
    }

    public init(status: Int, contentType: String = "application/xml; charset=UTF-8", text: String) {
        self.init(status: status, contentType: contentType, body: Array(text.utf8))
    }

    func head(keepAlive: Bool) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n"
        return Array(head.utf8)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status"
        }
    }
}

enum FormDecoding {
    static func decode(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8)[...]
        while let byte = iterator.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), iterator.count >= 2,
                      let value = UInt8(String(decoding: iterator.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                iterator = iterator.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
