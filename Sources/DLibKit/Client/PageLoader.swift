/// The in-process half of the in-flight guard: callers asking for the same
/// page at the same time share one transfer instead of starting another.
///
/// Structured: the first caller fetches the page in its own task, so
/// cancelling it cancels the transfer (libcurl removes it); callers that
/// arrive meanwhile wait for that caller's result, whatever it is. Every
/// page request of every command goes through one of these.
public actor PageLoader {
    private let client: CatalogueClient
    private var waiting: [PageQuery: [CheckedContinuation<Page, any Error>]] = [:]
    /// Transfers actually started, for callers that report request counts.
    public private(set) var requestsStarted = 0

    public init(client: CatalogueClient) {
        self.client = client
    }

    public func page(_ query: PageQuery) async throws -> Page {
        if waiting[query] != nil {
            return try await withCheckedThrowingContinuation { continuation in
                waiting[query, default: []].append(continuation)
            }
        }
        waiting[query] = []
        requestsStarted += 1
        let result: Result<Page, any Error>
        do {
            result = .success(try await client.page(query))
        } catch {
            result = .failure(error)
        }
        for waiter in waiting.removeValue(forKey: query) ?? [] {
            waiter.resume(with: result)
        }
        return try result.get()
    }
}
