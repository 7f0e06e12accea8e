/// Remembers the holdings an export writes in the local store, so `show`
/// and `saved add` know them too, without slowing the export: holdings
/// are gathered into batches, each written in one transaction while the
/// export goes on. The writes run one after another (each waits for the
/// one before), so at most one thread of the pool is ever in SQLite.
/// Used by the one task that runs the export.
public final class CacheFiller {
    private let store: LocalStore
    private let endpoint: String
    private let batchSize: Int
    private var gathered: [Holding] = []
    /// The newest write; its answer is the first failure of the chain.
    private var last: Task<StateError?, Never>?

    public init(store: LocalStore, endpoint: String, batchSize: Int = 5_000) {
        self.store = store
        self.endpoint = endpoint
        self.batchSize = batchSize
    }

    public func add(_ holdings: [Holding]) {
        gathered += holdings
        if gathered.count >= batchSize { flush() }
    }

    /// Waits for every batch; the first failure, if any (the export itself
    /// is complete whatever the cache did).
    public func finish() async -> StateError? {
        flush()
        return await last?.value
    }

    private func flush() {
        guard !gathered.isEmpty else { return }
        let batch = gathered
        gathered = []
        let previous = last
        last = Task { [store, endpoint] in
            // After a failure the rest are not tried: the store is not usable.
            if let failure = await previous?.value { return failure }
            do throws(StateError) { try store.remember(batch, endpoint: endpoint) } catch { return error }
            return nil
        }
    }
}
