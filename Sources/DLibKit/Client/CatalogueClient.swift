/// Asks the catalogue for one page and turns the answer into a `Page` or
/// a `CatalogueError`.
public struct CatalogueClient: Sendable {
    public let config: ServiceConfig
    public var timeout: Duration
    public var retryPolicy: RetryPolicy
    public let log: RequestLog
    public let http: CurlClient

    public init(config: ServiceConfig, http: CurlClient = CurlClient(), timeout: Duration = .seconds(30),
                retryPolicy: RetryPolicy = RetryPolicy(), log: RequestLog = RequestLog()) {
        self.config = config
        self.http = http
        self.timeout = timeout
        self.retryPolicy = retryPolicy
        self.log = log
    }

    /// The page, asked for again as the retry policy allows; a failure is a
    /// `PageFetchError` naming the page and the attempts made.
    public func page(_ query: PageQuery) async throws -> Page {
        try await retrying(page: query.pageNo) { try await fetchOnce(query) }
    }

    /// One request, no retry.
    public func fetchOnce(_ query: PageQuery) async throws -> Page {
        try interpret(try await get(query.url(for: config)), for: query)
    }

    /// Every copy of one holding with its circulation state, from the Pyxis
    /// source's items service (the portal has none: nil).
    public func copies(of id: String) async throws -> [Copy]? {
        guard config.source == .pyxis else { return nil }
        let url = PyxisItems.url(id: id, config: config)
        return try await retrying(page: 1) { try PyxisItems.copies(from: try await get(url)) }
    }

    /// `body` again as the retry policy allows; a failure is a
    /// `PageFetchError` naming the page and the attempts made.
    private func retrying<T>(page: Int, _ body: () async throws -> T) async throws -> T {
        let clock = ContinuousClock()
        let started = clock.now
        var attempt = 1
        while true {
            do {
                return try await body()
            } catch let error as CatalogueError {
                switch retryPolicy.decide(after: error, attempt: attempt, elapsed: clock.now - started) {
                case .giveUp:
                    throw PageFetchError(page: page, attempts: attempt, error: error)
                case .retry(let delay):
                    try await Task.sleep(for: delay)
                    attempt += 1
                }
            }
        }
    }

    /// One GET, logged, with transport failures as catalogue errors.
    private func get(_ url: String) async throws -> HTTPResponse {
        let request = HTTPRequest(url: url, timeout: timeout)
        let started = ContinuousClock.now
        do {
            let response = try await http.get(request)
            log.record(url: request.url, config: config,
                       outcome: "HTTP \(response.status), \(response.body.count) bytes", started: started)
            return response
        } catch let error as TransportError {
            log.record(url: request.url, config: config, outcome: error.userMessage, started: started)
            throw CatalogueError.transport(error)
        }
    }

    /// The answer read in the configured source's dialect, and checked for
    /// what neither dialect can check alone.
    func interpret(_ response: HTTPResponse, for query: PageQuery) throws(CatalogueError) -> Page {
        let page: Page
        do throws(CatalogueError) {
            page = try config.source.dialect.interpret(response, for: query, config: config)
        } catch .pyxisFailure(let code, let message) where query.keyword == nil && config.listTerm.isEmpty {
            throw .listTermRefused(code: code, message: message)
        } catch .gateway("30", let auth, let err) where config.serviceKey == nil {
            throw .noServiceKey(code: "30", message: auth ?? err ?? "SERVICE ERROR")
        } catch .api("30", let message) where config.serviceKey == nil {
            throw .noServiceKey(code: "30", message: message)
        }
        if let total = page.totalCount, !(0...Page.plausibleMaximumCount).contains(total) {
            throw .implausibleCount(String(total))
        }
        return page
    }
}

extension CatalogueClient {
    /// One whole body read as `source`'s answer to page 1, with no request:
    /// for the fuzz targets and the parser benchmarks.
    public static func parse(_ body: [UInt8], source: Source, pageSize: Int = 20,
                             endpoint: String = "http://127.0.0.1/") throws(CatalogueError) -> Page {
        let client = CatalogueClient(config: ServiceConfig(endpoint: endpoint, serviceKey: nil, source: source))
        let response = HTTPResponse(status: 200, contentType: nil, body: body)
        return try client.interpret(response, for: PageQuery(pageNo: 1, pageSize: pageSize, keyword: "x"))
    }
}

extension PageQuery {
    /// The request URL in the configured source's dialect.
    public func url(for config: ServiceConfig) -> String {
        config.source.dialect.url(for: self, config: config)
    }
}
