/// The portal source: `GET <endpoint>?serviceKey=…&pageNo=…&numOfRows=…[&keyword=…]`,
/// answered in the contract's XML, read by libxml2's SAX parser (`XML/`).
struct PortalDialect: Dialect {
    func url(for query: PageQuery, config: ServiceConfig) -> String {
        var url = config.endpoint
        var separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        func append(_ name: String, _ value: String) {
            url += separator + name + "=" + value
            separator = "&"
        }
        if let key = config.encodedServiceKey { append("serviceKey", key) }
        append("pageNo", String(query.pageNo))
        append("numOfRows", String(query.pageSize))
        if let keyword = query.keyword { append("keyword", PercentEncoding.encode(keyword)) }
        return url
    }

    func interpret(_ response: HTTPResponse, for query: PageQuery, config: ServiceConfig) throws(CatalogueError) -> Page {
        let kind = BodyKind(response)
        // A Pyxis server asked portal-style answers JSON, often with a 4xx:
        // the dialect is the news, not the status.
        if kind == .json, response.status == 200 || (400..<500).contains(response.status) {
            throw .otherDialect(answered: .pyxis, asked: .portal)
        }
        guard response.status == 200 else { throw .http(status: response.status, retryAfter: response.retryAfter) }
        switch kind {
        case .html:
            throw .notXML(status: response.status, contentType: response.contentType,
                          excerpt: HTMLExcerpt.headline(of: response.body))
        case .json:
            throw .otherDialect(answered: .pyxis, asked: .portal)
        case .empty:
            throw .emptyAnswer(status: response.status)
        case .xml, .other:
            return try HoldingsParser.parse(response.body, defaultPageNo: query.pageNo, defaultPageSize: query.pageSize)
        }
    }
}
