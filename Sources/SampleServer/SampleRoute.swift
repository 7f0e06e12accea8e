import Foundation

/// What one request asks for, read from its path and query once, so the
/// log, the fault rules and the answer all agree on it.
enum SampleRoute: Sendable {
    /// Any path starting with `/holdings`: a client that appends `/search`
    /// to a portal endpoint still gets the portal's XML.
    case portal(PortalQuery)
    /// `/pyxis-api/2/collections/2/search`.
    case pyxisSearch(PyxisQuery)
    /// `/pyxis-api/1/biblios/<id>/items`.
    case pyxisItems(id: String)
    /// Any other path under `/pyxis-api/`: a JSON 404.
    case pyxisOther
    /// `/covers/<kind>/<id>`, or a Pyxis record's relative
    /// `/attachments/biblio/thumbnails/<id>` (kind nil: the one given to that id).
    case cover(kind: SampleCover?, id: String)
    /// Anything else, or not a GET: the portal's NO_OPENAPI_SERVICE_ERROR.
    case other(PortalQuery)

    static let thumbnailPrefix = "/attachments/biblio/thumbnails/"

    static let pyxisSearchPath = SampleServer.pyxisBasePath + "/search"
    static let pyxisItemsPrefix = "/pyxis-api/1/biblios/"

    init(_ request: ServerRequest) {
        let path = request.path
        guard request.method == "GET" else {
            self = .other(PortalQuery(request.query))
            return
        }
        if path.hasPrefix(SampleServer.path) {
            self = .portal(PortalQuery(request.query))
        } else if path == Self.pyxisSearchPath {
            self = .pyxisSearch(PyxisQuery(request.query))
        } else if path.hasPrefix(Self.pyxisItemsPrefix), path.hasSuffix("/items") {
            let id = path.dropFirst(Self.pyxisItemsPrefix.count).dropLast("/items".count)
            self = !id.isEmpty && !id.contains("/") ? .pyxisItems(id: String(id)) : .pyxisOther
        } else if path.hasPrefix("/pyxis-api/") {
            self = .pyxisOther
        } else if path.hasPrefix(Self.thumbnailPrefix) {
            self = .cover(kind: nil, id: String(path.dropFirst(Self.thumbnailPrefix.count)))
        } else if path.hasPrefix("/covers/"), case let parts = path.split(separator: "/"), parts.count == 3,
                  let kind = SampleCover(rawValue: String(parts[1])) {
            self = .cover(kind: kind, id: String(parts[2]))
        } else {
            self = .other(PortalQuery(request.query))
        }
    }

    var dialect: SampleDialect {
        switch self {
        case .portal, .other, .cover: return .portal
        case .pyxisSearch, .pyxisItems, .pyxisOther: return .pyxis
        }
    }

    /// The page number fault rules match: a portal `pageNo` (0 when not a
    /// number), a Pyxis `offset / max + 1` (0 when either is invalid), nil
    /// for requests that are not for a page.
    var faultPage: Int? {
        switch self {
        case .portal(let query), .other(let query): return query.pageNo ?? 0
        case .pyxisSearch(let query): return query.pageNo ?? 0
        case .pyxisItems, .pyxisOther, .cover: return nil
        }
    }

    /// The page this request asks for, when it asks for a valid one.
    func page(maxRows: Int) -> PageRequest? {
        switch self {
        case .portal(let query), .other(let query): return query.page(maxRows: maxRows)
        case .pyxisSearch(let query): return query.page(maxRows: maxRows)
        case .pyxisItems, .pyxisOther, .cover: return nil
        }
    }

    func logged(path: String) -> SampleServer.LoggedRequest {
        switch self {
        case .portal(let query), .other(let query):
            return .init(path: path, pageNo: query.pageNo, numOfRows: query.numOfRowsParameter,
                         keyword: query.keyword, dialect: .portal)
        case .pyxisSearch(let query):
            return .init(path: path, pageNo: query.pageNo, offset: query.offset, max: query.max,
                         term: query.term, dialect: .pyxis)
        case .pyxisItems(let id):
            return .init(path: path, dialect: .pyxis, biblioID: id)
        case .pyxisOther:
            return .init(path: path, dialect: .pyxis)
        case .cover:
            var logged = SampleServer.LoggedRequest(path: path, dialect: .portal)
            logged.isCover = true
            return logged
        }
    }
}

/// A page asked for in either dialect, once its parameters are valid.
struct PageRequest: Sendable {
    /// Nil or blank: every holding.
    var term: String?
    /// 0-based index of the first holding among the matches.
    var offset: Int
    /// Rows a page, already capped at `Options.maxRows`.
    var size: Int
    /// The portal's page number for it (a Pyxis offset needn't be a multiple of size).
    var pageNo: Int { min(offset / size, Int.max - 1) + 1 }

    /// What the truncated, malformed and other-dialect faults fall back to
    /// when the request's own parameters were not valid.
    static let first = PageRequest(term: nil, offset: 0, size: 20)
}

/// `?serviceKey=&pageNo=&numOfRows=&keyword=` of the portal dialect.
struct PortalQuery: Sendable {
    var serviceKey: String?
    /// 1 when missing, nil when not a number.
    var pageNo: Int?
    /// As sent: nil when missing or not a number (what the log shows).
    var numOfRowsParameter: Int?
    /// 10 when missing, nil when not a number.
    var numOfRows: Int?
    /// Nil when missing or empty.
    var keyword: String?

    init(_ query: [String: String]) {
        serviceKey = query["serviceKey"]
        pageNo = query["pageNo"].map { Int($0) } ?? 1
        numOfRowsParameter = query["numOfRows"].flatMap { Int($0) }
        numOfRows = query["numOfRows"].map { Int($0) } ?? 10
        keyword = query["keyword"].flatMap { $0.isEmpty ? nil : $0 }
    }

    func page(maxRows: Int) -> PageRequest? {
        guard let pageNo, let numOfRows, pageNo >= 1, numOfRows >= 1 else { return nil }
        let size = min(numOfRows, maxRows)
        // A page number from the request can be as large as Int allows.
        let (offset, overflow) = (pageNo - 1).multipliedReportingOverflow(by: size)
        return PageRequest(term: keyword, offset: overflow ? Int.max : offset, size: size)
    }
}

/// `?all=k|a|<term>&offset=&max=` of the Pyxis dialect.
struct PyxisQuery: Sendable {
    /// Nil when missing or not a number.
    var offset: Int?
    var max: Int?
    /// The text after `k|a|`; "" when `all` is missing, nil when `all` is
    /// there but not of that form (then the request is refused).
    var term: String?

    init(_ query: [String: String]) {
        offset = query["offset"].flatMap { Int($0) }
        max = query["max"].flatMap { Int($0) }
        if let all = query["all"] {
            term = all.hasPrefix("k|a|") ? String(all.dropFirst(4)) : nil
        } else {
            term = ""
        }
    }

    /// `offset / max + 1`, so the log and the fault rules count Pyxis
    /// pages as they count portal pages; nil when either is invalid.
    var pageNo: Int? {
        guard let offset, let max, offset >= 0, max >= 1 else { return nil }
        return Swift.min(offset / max, Int.max - 1) + 1
    }

    func page(maxRows: Int) -> PageRequest? {
        guard let offset, let max, let term, offset >= 0, max >= 1 else { return nil }
        // As a live server does, a term of spaces is no term.
        return PageRequest(term: term.trimmingCharacters(in: .whitespacesAndNewlines), offset: offset, size: Swift.min(max, maxRows))
    }
}
