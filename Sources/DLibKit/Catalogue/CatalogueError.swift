/// Everything that can go wrong between a page request and a parsed page,
/// each with the one line the user is shown.
public enum CatalogueError: Error, Sendable, Equatable, UserFacing {
    /// The normal envelope with a `resultCode` other than 00 or 03.
    case api(code: String, message: String)
    /// The portal gateway's `OpenAPI_ServiceResponse` envelope.
    case gateway(reasonCode: String, authMessage: String?, errorMessage: String?)
    /// An HTTP status other than 200, with its `Retry-After` when sent.
    case http(status: Int, retryAfter: String?)
    /// An HTML page (maintenance, a login wall) where `expected` (XML or
    /// JSON) was due.
    case notXML(status: Int, contentType: String?, excerpt: String, expected: String = "XML")
    /// XML that libxml2 could not read, or that is not the contract's.
    case malformed(detail: String)
    /// A body that is not JSON where the Pyxis source expects it.
    case notJSON(detail: String)
    /// The answer is in the other source's dialect: a misconfigured source.
    case otherDialect(answered: Source, asked: Source)
    /// Pyxis JSON of the wrong shape ("data.list is missing").
    case unexpectedAnswer(detail: String)
    /// Pyxis's `"success": false`, with its code and message.
    case pyxisFailure(code: String, message: String)
    /// `"success": false` for a listing with an empty search term: some
    /// Pyxis servers refuse one, so the setting that would fix it is named
    /// beside the server's own words (which may be about something else).
    case listTermRefused(code: String, message: String)
    /// The portal refused the request for want of a key, and none is set:
    /// not a bad key, a missing one.
    case noServiceKey(code: String, message: String)
    /// A 200 answer with no body at all.
    case emptyAnswer(status: Int)
    /// A `totalCount` that is negative or larger than any catalogue.
    case implausibleCount(String)
    /// A page that holds only holdings an earlier page held: the server
    /// ignores the page asked for, and going on would never end.
    case repeatedPage(page: Int)
    case transport(TransportError)

    /// The contract's code for the failure, where it has one.
    public var code: String? {
        switch self {
        case .api(let code, _): return code
        case .gateway(let reason, _, _): return reason
        default: return nil
        }
    }

    public var userMessage: String {
        switch self {
        case .api(let code, let message):
            return Message.serviceCode(code: code, message: message).text()
        case .gateway(let reason, let auth, let err):
            return Message.serviceCode(code: reason, message: auth ?? err ?? "SERVICE ERROR").text()
        case .http(let status, _):
            return Message.httpStatus(status).text()
        case .notXML(let status, let contentType, let excerpt, let expected):
            let type = contentType.map { "\($0.split(separator: ";").first.map(String.init) ?? $0), " } ?? ""
            return Message.htmlInstead(type: type, status: status, expected: expected, excerpt: excerpt).text()
        case .malformed(let detail):
            return "the server's answer is not valid catalogue XML (\(detail))"
        case .notJSON(let detail):
            return "the server's answer is not valid JSON (\(detail))"
        case .otherDialect(let answered, _):
            let article = answered == .portal ? "a portal" : "a Pyxis"
            return "the server answered \(answered.format); is this \(article) endpoint? try --source \(answered.rawValue)"
        case .unexpectedAnswer(let detail):
            return "unexpected answer: \(detail)"
        case .pyxisFailure(let code, let message):
            return Message.serverRefused(message: message, code: code).text()
        case .listTermRefused(let code, let message):
            return "the server refused the request: \(message) (\(code)); `dlib list` sent an empty search term: "
                + "if this server needs one, set list-term in the config file (or DLIB_LIST_TERM)"
        case .noServiceKey(let code, let message):
            return "no service key is set, and the portal needs one (\(message), code \(code)); "
                + "set DLIB_SERVICE_KEY, or service_key in the config file (`dlib doctor` shows where it is)"
        case .emptyAnswer(let status):
            return "the server sent an empty answer (HTTP \(status), no body)"
        case .implausibleCount(let count):
            return "the server claims \(count) holdings, which no catalogue holds; not paging through it"
        case .repeatedPage(let page):
            return "page \(page) repeats the holdings of an earlier page: the server ignores the page asked for; stopped"
        case .transport(let error):
            return error.userMessage
        }
    }
}
