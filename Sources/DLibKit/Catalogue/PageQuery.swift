/// Which page to ask for: the key of the in-flight guard and of the cursor.
public struct PageQuery: Sendable, Hashable {
    public var pageNo: Int
    public var pageSize: Int
    public var keyword: String?

    public init(pageNo: Int, pageSize: Int, keyword: String? = nil) {
        self.pageNo = pageNo
        self.pageSize = pageSize
        self.keyword = keyword.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `GET <endpoint>?serviceKey=…&pageNo=…&numOfRows=…[&keyword=…]`
    public func url(for config: ServiceConfig) -> String {
        var url = config.endpoint
        var separator = url.contains("?") ? (url.hasSuffix("?") || url.hasSuffix("&") ? "" : "&") : "?"
        func append(_ name: String, _ value: String) {
            url += separator + name + "=" + value
            separator = "&"
        }
        if let key = config.encodedServiceKey { append("serviceKey", key) }
        append("pageNo", String(pageNo))
        append("numOfRows", String(pageSize))
        if let keyword { append("keyword", PercentEncoding.encode(keyword)) }
        return url
    }
}
