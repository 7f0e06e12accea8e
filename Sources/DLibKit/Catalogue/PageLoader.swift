/// The in-process half of the in-flight guard: callers asking for the same
/// page at the same time share one transfer instead of starting another.
public actor PageLoader {
    private let client: CatalogueClient
    private var inFlight: [PageQuery: Task<Page, any Error>] = [:]
    /// Transfers actually started, for callers that report request counts.
    public private(set) var requestsStarted = 0

    public init(client: CatalogueClient) {
        self.client = client
    }

    public func page(_ query: PageQuery) async throws -> Page {
        if let running = inFlight[query] {
            return try await running.value
        }
        let client = self.client
        let task = Task { try await client.page(query) }
        inFlight[query] = task
        requestsStarted += 1
        defer { inFlight[query] = nil }
        return try await task.value
    }
}
