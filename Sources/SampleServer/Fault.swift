/// What the sample server can be told to do instead of answering well,
/// per page or for every request: the faults the real portal and Pyxis
/// servers are known for. Each is answered in the dialect of the request
/// where it has a meaning there (a Pyxis request gets broken JSON, a
/// portal one broken XML); the gateway's and the portal's own error
/// envelopes are XML whoever asks.
public enum Fault: Sendable, Equatable {
    /// An HTTP status, with a `Retry-After` header when given.
    case status(Int, retryAfter: String? = nil)
    /// An HTML page (a maintenance notice) with HTTP 200.
    case html(String)
    /// The page's head and half its body, then the connection closes.
    case truncated
    /// A body that is not well-formed XML (portal) or not JSON (Pyxis).
    case malformed
    /// The gateway's `OpenAPI_ServiceResponse` envelope (XML).
    case gateway(code: String, message: String)
    /// The portal's normal envelope with this `resultCode` (XML).
    case api(code: String, message: String)
    /// Wait this long, then answer well.
    case delay(Duration)
    /// Never answer (until the server stops).
    case hang
    /// A "billion laughs" entity bomb (XML).
    case billionLaughs
    /// HTTP 200 with `success:false` and this code and message (JSON).
    case pyxisFailure(code: String, message: String)
    /// A success that lacks the holdings: Pyxis `data` without `list`, a
    /// portal envelope without `body`.
    case wrongShape
    /// A normal page that claims this many holdings (e.g. -5 or 10^15).
    case totalCount(Int)
    /// The first page whatever page was asked for: a server that ignores paging.
    case ignoreOffset
    /// The page asked for, in the other dialect.
    case otherDialect
    /// A document nested 100,000 deep (JSON arrays or XML elements).
    case deepNesting
    /// A page whose first title (or, with no holding, message) holds bytes
    /// that are not UTF-8.
    case invalidUTF8
    /// HTTP 302 to this URL (another host, a closed port).
    case redirect(to: String)
    /// HTTP 200 with no body at all.
    case emptyBody

    /// One fault for each of the contract's gateway and result codes.
    public static func code(_ code: String) -> Fault {
        let messages = [
            "03": "NODATA_ERROR", "10": "INVALID_REQUEST_PARAMETER_ERROR", "12": "NO_OPENAPI_SERVICE_ERROR",
            "20": "SERVICE_ACCESS_DENIED_ERROR", "22": "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR",
            "30": "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", "31": "DEADLINE_HAS_EXPIRED_ERROR",
            "32": "UNREGISTERED_IP_ERROR", "99": "UNKNOWN_ERROR",
        ]
        return .api(code: code, message: messages[code] ?? "UNKNOWN_ERROR")
    }
}

extension Fault {
    /// Faults that only mean something for a page of holdings, never fired
    /// at a request for one holding's copies.
    var isAboutPaging: Bool {
        switch self {
        case .totalCount, .ignoreOffset, .otherDialect: return true
        default: return false
        }
    }
}

/// A fault, the page it applies to (nil: every page) and how many more
/// times it fires.
struct FaultRule: Sendable {
    var fault: Fault
    var page: Int?
    var remaining: Int
}
