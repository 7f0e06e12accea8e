/// Remembers the holdings an export writes in the local store, so `show`
/// and `saved add` know them too. Holdings are gathered into batches of a
/// couple of thousand, each written in one transaction as it fills, on the
/// task that runs the export (the pages still being fetched go on
/// meanwhile): memory holds one batch at most, whatever the catalogue's
/// size, and no write waits in a queue. After a failure nothing more is
/// tried; the export itself is complete whatever the cache did.
public final class CacheFiller {
    private let store: LocalStore
    private let endpoint: String
    private let batchSize: Int
    private var gathered: [Holding] = []
    private var failure: StateError?

    public init(store: LocalStore, endpoint: String, batchSize: Int = 2_000) {
        self.store = store
        self.endpoint = endpoint
        self.batchSize = batchSize
        gathered.reserveCapacity(batchSize)
    }

    public func add(_ holdings: [Holding]) {
        gathered += holdings
        if gathered.count >= batchSize { flush() }
    }

    /// Writes what is left; the first failure, if any.
    public func finish() -> StateError? {
        flush()
        return failure
    }

    private func flush() {
        defer { gathered.removeAll(keepingCapacity: true) }
        guard failure == nil, !gathered.isEmpty else { return }
        do { try store.remember(gathered, endpoint: endpoint) } catch { failure = error }
    }
}
