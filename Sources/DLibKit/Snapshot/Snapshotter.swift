import Foundation

/// One run of `dlib snapshot`: the whole catalogue into a new dated CSV
/// and its manifest, diffed against the latest good snapshot, promoted to
/// `latest.csv` unless it shrank suspiciously. Nothing appears under a
/// final name until it is complete and fsynced; a failure leaves the
/// folder as it was.
public struct Snapshotter {
    public var directory: SnapshotDirectory
    public var exporter: Exporter
    public var requestLog: RequestLog
    public var allowShrink: Bool
    public var keep: Int?
    /// Also sees every page written (the git history collects them).
    public var observe: (([Holding]) -> Void)?

    public init(directory: SnapshotDirectory, exporter: Exporter, requestLog: RequestLog, allowShrink: Bool, keep: Int?) {
        self.directory = directory
        self.exporter = exporter
        self.requestLog = requestLog
        self.allowShrink = allowShrink
        self.keep = keep
    }

    public struct Result: Sendable {
        public var manifest: SnapshotManifest
        public var previousCount: Int?
        public var pruned: [String]
        public var summary: Exporter.Summary

        /// Fewer than half the holdings of the snapshot before.
        public var shrank: Bool { !manifest.promoted }
    }

    public func run(progress: (Exporter.Progress) -> Void = { _ in }) async throws -> Result {
        let started = Date()
        do {
            try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        } catch {
            throw StateError.cannotCreate(directory.path, reason: error.localizedDescription)
        }
        let lock = try FileLock(path: directory.lockPath, waiting: .failIfHeld(what: "snapshot is running in this folder"))
        defer { lock.release() }
        directory.removeLeftovers()

        let previous = try directory.latestTarget()
        var baseline = SnapshotBaseline()
        if let previous {
            do { baseline = try SnapshotBaseline(csvAt: directory.path + "/" + previous) }
            catch { throw StateError.cannotRead(directory.latestPath, reason: "\(error) (it is the snapshot the new one is diffed against)") }
        }

        let name = directory.newName(startedAt: started)
        let csvPath = directory.path + "/" + name
        let sink = try AtomicFileSink(path: csvPath, mode: 0o644)
        var hash = SHA256()
        var changes = SnapshotChanges()
        let format = RecordFormat.csv(excel: false)
        func write(_ bytes: [UInt8]) throws(StateError) {
            hash.update(bytes)
            try sink.write(bytes)
        }

        let summary: Exporter.Summary
        do {
            try write(format.preamble())
            summary = try await exporter.run(deliver: { holdings in
                observe?(holdings)
                var chunk = ""
                for holding in holdings {
                    chunk += format.encode(holding)
                    changes.observe(holding, against: baseline)
                }
                try write(Array(chunk.utf8))
            }, progress: progress)
        } catch {
            sink.abandon()
            throw error
        }
        changes.finish(against: baseline)

        let promoted = allowShrink || previous == nil || summary.holdings * 2 >= baseline.count
        let manifest = SnapshotManifest(
            file: name, count: summary.holdings, totalCount: summary.lastTotalCount,
            added: changes.added, removed: changes.removed, changed: changes.changed,
            startedAt: UTCStamp.iso(started), finishedAt: UTCStamp.iso(Date()),
            requests: requestLog.requests, sha256: hash.finish(), previous: previous, promoted: promoted)
        // Both files are written in full before either is renamed into place,
        // so the two renames follow each other at once.
        let manifestSink: AtomicFileSink
        do {
            manifestSink = try AtomicFileSink(path: directory.path + "/" + SnapshotDirectory.manifestName(for: name), mode: 0o644)
            try manifestSink.write(manifest.encoded())
            try manifestSink.prepare()
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
        do {
            try manifestSink.commit()
        } catch {
            unlink(csvPath) // a snapshot without its manifest is not complete
            throw error
        }
        if promoted { try directory.promote(name) }
        let pruned = keep.map { directory.prune(keep: $0) } ?? []
        return Result(manifest: manifest, previousCount: previous == nil ? nil : baseline.count, pruned: pruned, summary: summary)
    }
}
