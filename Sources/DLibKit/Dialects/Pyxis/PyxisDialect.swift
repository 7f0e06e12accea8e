import Foundation

/// The Pyxis source: `GET <base>/search?all=k|a|<term>&offset=…&max=…&facet=false&isForPyxis3=true`,
/// answered in JSON (`PyxisAnswer`), mapped to holdings by `PyxisMapping`.
struct PyxisDialect: Dialect {
    func url(for query: PageQuery, config: ServiceConfig) -> String {
        let term = query.keyword ?? config.listTerm
        let (offset, overflow) = (query.pageNo - 1).multipliedReportingOverflow(by: query.pageSize)
        let parameters = [
            "all=k%7Ca%7C" + PercentEncoding.encode(term),
            "offset=\(overflow ? Int.max : max(offset, 0))",
            "max=\(query.pageSize)",
            "facet=false",
            "isForPyxis3=true",
        ]
        return PyxisEndpoint.url(base: config.endpoint, path: "search", parameters: parameters)
    }

    func interpret(_ response: HTTPResponse, for query: PageQuery, config: ServiceConfig) throws(CatalogueError) -> Page {
        let answer = try PyxisAnswer.read(response, expecting: PyxisPageData.self)
        guard let data = answer.data else { throw .unexpectedAnswer(detail: "data is missing") }
        if let problem = data.problem { throw .unexpectedAnswer(detail: problem) }
        let origin = PyxisEndpoint.origin(of: config.endpoint)
        var holdings: [Holding] = []
        var withoutId = 0
        for item in data.list {
            if let holding = item.value.flatMap({ PyxisMapping.holding($0, origin: origin) }) {
                holdings.append(holding)
            } else {
                withoutId += 1
            }
        }
        let totalCount: Int?
        switch data.totalCount {
        case .none: totalCount = nil
        case .some(.integer(let count)): totalCount = count
        case .some(.unusable(let text)): throw .implausibleCount(text)
        }
        return Page(holdings: holdings, pageNo: query.pageNo, pageSize: query.pageSize,
                    totalCount: totalCount, itemsWithoutId: withoutId)
    }
}

/// URLs on a Pyxis server, from the configured base (everything before `/search`).
enum PyxisEndpoint {
    /// `<base>/<path>?<parameters>`, keeping a query the base already has.
    static func url(base: String, path: String, parameters: [String]) -> String {
        var base = Substring(base)
        var extra: Substring = ""
        if let question = base.firstIndex(of: "?") {
            extra = base[base.index(after: question)...]
            base = base[..<question]
        }
        while base.hasSuffix("/") { base = base.dropLast() }
        let query = (extra.isEmpty ? [] : [String(extra)]) + parameters
        return base + "/" + path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }

    /// `scheme://host[:port]` of the endpoint, what relative paths such as
    /// `/attachments/…` and `/pyxis-api/1/biblios/…` hang from.
    static func origin(of endpoint: String) -> String {
        guard let scheme = endpoint.firstRange(of: "://") else { return "" }
        let rest = endpoint[scheme.upperBound...]
        let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        return String(endpoint[..<end])
    }

    /// A cover or link as the server sent it, made absolute: kept when it is
    /// already an http(s) URL, resolved against the origin when it is a
    /// path; anything else (another scheme, blank) is no URL at all.
    static func resolve(_ link: String?, origin: String) -> String? {
        guard let link = link?.trimmingUnicodeWhitespace(), !link.isEmpty else { return nil }
        let lower = link.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") { return link }
        if link.hasPrefix("//") {
            guard let colon = origin.firstIndex(of: ":") else { return nil }
            return String(origin[..<colon]) + ":" + link
        }
        if link.hasPrefix("/"), !origin.isEmpty { return origin + link }
        return nil
    }
}
