/// Remembers the holdings an export writes in the local store, so `show`
/// and `saved add` know them too, without slowing the export: holdings
/// are gathered into batches, each written in one transaction by a task
/// of its own while the export goes on. Used by the one task that runs
/// the export; memory stays bounded by the batches in flight.
public final class CacheFiller {
    private let store: LocalStore
    private let endpoint: String
    private let batchSize: Int
    private var gathered: [Holding] = []
    private var writes: [Task<StateError?, Never>] = []

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
        var first: StateError?
        for write in writes {
            if let failure = await write.value, first == nil { first = failure }
        }
        writes = []
        return first
    }

    private func flush() {
        guard !gathered.isEmpty else { return }
        let batch = gathered
        gathered = []
        writes.append(Task { [store, endpoint] in
            do throws(StateError) { try store.remember(batch, endpoint: endpoint) } catch { return error }
            return nil
        })
    }
}
