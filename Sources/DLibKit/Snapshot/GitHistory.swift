import Foundation

/// `dlib snapshot --git DIR`: DIR is a git repository holding one file,
/// `holdings.jsonl` (see `HoldingLines`), and each snapshot that changed
/// something is one commit whose message sums the change up:
/// `+5 −3 ~2 holdings (1,239 total)`.
///
/// The file is written beside its name and renamed into place, then added
/// and committed; if git fails at that point the file and the index are put
/// back as the last commit has them, so a failure never leaves the
/// repository half changed.
public struct GitHistory: Sendable {
    public static let fileName = "holdings.jsonl"

    public let directory: String
    public let git: GitCommand

    public init(directory: String) throws(GitError) {
        self.directory = directory
        git = try GitCommand(repository: directory)
    }

    var filePath: String { directory + "/" + Self.fileName }

    /// Makes DIR a repository if it is missing or empty, refuses anything
    /// else that is not one, takes the folder's lock (held until released),
    /// and refuses a repository with changes dlib did not make. Called
    /// before the export, so a wrong folder costs no requests.
    public func open() async throws -> FileLock {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) {
            do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }
            catch { throw StateError.cannotCreate(directory, reason: error.localizedDescription) }
        } else if !isFolder.boolValue {
            throw GitError.notARepository(folder: directory, detail: "it is a file")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if !entries.contains(".git") {
            guard entries.isEmpty else {
                throw GitError.notARepository(folder: directory, detail: "it is neither empty nor a git repository; give a new or empty folder")
            }
            try await git.run(["init", "-q"])
        }
        // A folder inside some other repository would commit there.
        let top = try await git.run(["rev-parse", "--show-toplevel"]).text.trimmingCharacters(in: .newlines)
        guard Self.realPath(top) == Self.realPath(directory) else {
            throw GitError.notARepository(folder: directory, detail: "it lies inside the repository \(top)")
        }
        let gitDir = try await git.run(["rev-parse", "--absolute-git-dir"]).text.trimmingCharacters(in: .newlines)
        let lock = try FileLock(path: gitDir + "/dlib-snapshot.lock", waiting: .failIfHeld(what: "snapshot is running in this repository"))
        TemporaryFiles.removeStale(in: directory, for: Self.fileName)
        let status = try await git.run(["status", "--porcelain=v1", "--untracked-files=all"]).text
        let paths = status.split(separator: "\n").map { String($0.dropFirst(3)) }
        let others = paths.filter { $0 != Self.fileName }
        guard others.isEmpty else {
            lock.release()
            throw GitError.dirty(folder: directory, paths: others)
        }
        // Only dlib's own file differs: a run killed between the rename and
        // the commit. It is put back; this run writes it afresh anyway.
        if !paths.isEmpty {
            let committed = try await git.run(["cat-file", "-e", "HEAD:" + Self.fileName], accepting: [0, 1, 128]).status == 0
            await restore(hadFile: committed)
        }
        return lock
    }

    public struct Outcome: Sendable, Equatable {
        public var added = 0
        public var removed = 0
        public var changed = 0
        public var total = 0
        /// What the last commit held; nil for the first snapshot.
        public var previousTotal: Int?
        /// The new commit's short hash; nil when nothing changed (or it shrank).
        public var commit: String?
        /// Fewer than half the holdings of the last commit: not committed.
        public var shrank = false

        public var isChange: Bool { added + removed + changed > 0 }

        /// The commit's subject: `+5 −3 ~2 holdings (1,239 total)`.
        public var summary: String {
            "+\(NumberText.grouped(added)) −\(NumberText.grouped(removed)) ~\(NumberText.grouped(changed)) holdings "
                + "(\(NumberText.grouped(total)) total)"
        }
    }

    /// Writes `lines` sorted by id and commits them, only if they differ
    /// from the last commit. `open` must have been called (and its lock held).
    public func record(_ lines: HoldingLines, endpoint: String, at date: Date, allowShrink: Bool) async throws -> Outcome {
        let hasHead = try await git.run(["rev-parse", "--verify", "-q", "HEAD"], accepting: [0, 1]).status == 0
        var previous: [String: UInt64]?
        if hasHead {
            let shown = try await git.run(["show", "HEAD:" + Self.fileName], accepting: [0, 128])
            if shown.status == 0 { previous = try HoldingLines.fingerprints(in: shown.stdout, name: "HEAD:" + Self.fileName) }
        }

        let sorted = lines.sorted()
        var outcome = Outcome(total: sorted.count, previousTotal: previous?.count)
        var matched = 0
        for entry in sorted {
            guard let old = previous?[entry.id] else { outcome.added += 1; continue }
            matched += 1
            if old != FNV1a.hash(entry.line) { outcome.changed += 1 }
        }
        outcome.removed = (previous?.count ?? 0) - matched
        if let previous, !allowShrink, sorted.count * 2 < previous.count {
            outcome.shrank = true
            return outcome
        }
        guard outcome.isChange || previous == nil else { return outcome }

        try write(sorted)
        do {
            try await git.run(["add", "--", Self.fileName])
            // The file may be byte for byte what was committed (a first
            // snapshot of an empty catalogue, say): then there is nothing to commit.
            let staged = try await git.run(["diff", "--cached", "--quiet"], accepting: [0, 1]).status == 1
            guard staged || !hasHead else { return outcome }
            try await git.run(["commit", "-q", "--allow-empty", "-m", outcome.summary,
                               "-m", "Snapshot of \(endpoint) taken \(UTCStamp.iso(date))."])
            outcome.commit = try await git.run(["rev-parse", "--short", "HEAD"]).text.trimmingCharacters(in: .newlines)
        } catch {
            await restore(hadFile: previous != nil)
            throw error
        }
        return outcome
    }

    /// The holdings a revision of the history holds.
    public func holdings(at revision: String) async throws -> [Holding] {
        let object = revision + ":" + Self.fileName
        let shown = try await git.run(["show", object], accepting: [0, 128])
        guard shown.status == 0 else {
            throw GitError.failed(command: "show", folder: directory, detail: GitCommand.firstLine(shown.stderr, status: shown.status))
        }
        return try HoldingLines.holdings(in: shown.stdout, name: object)
    }

    private func write(_ entries: [HoldingLines.Entry]) throws(StateError) {
        let sink = try AtomicFileSink(path: filePath, mode: 0o644)
        do {
            var chunk = ""
            for entry in entries {
                chunk += entry.line
                chunk += "\n"
                if chunk.utf8.count > 1 << 20 {
                    try sink.write(Array(chunk.utf8))
                    chunk = ""
                }
            }
            try sink.write(Array(chunk.utf8))
            try sink.commit()
        } catch {
            sink.abandon()
            throw error
        }
    }

    /// After a failed add or commit: the file and the index as the last
    /// commit has them (or no file at all before the first commit).
    private func restore(hadFile: Bool) async {
        if hadFile {
            _ = try? await git.run(["reset", "-q", "--", Self.fileName])
            _ = try? await git.run(["checkout", "-q", "--", Self.fileName])
        } else {
            _ = try? await git.run(["rm", "-q", "--cached", "--ignore-unmatch", "--", Self.fileName])
            unlink(filePath)
        }
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
