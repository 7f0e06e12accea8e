/// Asks the catalogue for one page and turns the answer into a `Page` or
/// a `CatalogueError`.
public struct CatalogueClient: Sendable {
    public let config: ServiceConfig
    public var timeout: Duration
    private let http: CurlClient

    public init(config: ServiceConfig, http: CurlClient = CurlClient(), timeout: Duration = .seconds(30)) {
        self.config = config
        self.http = http
        self.timeout = timeout
    }

    public func page(_ query: PageQuery) async throws -> Page {
        let request = HTTPRequest(url: query.url(for: config), timeout: timeout)
        let response: HTTPResponse
        do {
            response = try await http.get(request)
        } catch let error as TransportError {
            throw CatalogueError.transport(error)
        }
        return try Self.interpret(response, for: query)
    }

    static func interpret(_ response: HTTPResponse, for query: PageQuery) throws(CatalogueError) -> Page {
        guard response.status == 200 else { throw .http(status: response.status) }
        if HTMLExcerpt.looksLikeHTML(response) {
            throw .notXML(status: response.status, contentType: response.contentType,
                          excerpt: HTMLExcerpt.headline(of: response.body))
        }
        return try HoldingsParser.parse(response.body, defaultPageNo: query.pageNo, defaultPageSize: query.pageSize)
    }
}
