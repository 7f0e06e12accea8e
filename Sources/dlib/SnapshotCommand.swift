import ArgumentParser
import DLibKit
import Foundation

struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: Message.overview("snapshot").text(),
        discussion: """
        Writes DIR/holdings-YYYYMMDDTHHMMSSZ.csv (UTC) and its manifest .json (count, totalCount, \
        added, removed, changed against the previous snapshot, times, requests, sha256), and points \
        DIR/latest.csv at it. Nothing appears until it is complete; a failure leaves DIR as it was. \
        On success it prints one line on stdout; errors go to stderr.

        With --git REPO, REPO (created if missing) is a git repository holding holdings.jsonl, one \
        holding a line sorted by id; each snapshot that changed something is one commit titled \
        "+5 −3 ~2 holdings (1,239 total)". `git log -p`, or `dlib diff --git REPO HEAD~1 HEAD`, shows \
        what changed. git must be installed; a repository with changes dlib did not make is refused.

        Exit status: 0 done; 1 failed (DIR unchanged); 4 the new snapshot has fewer than half the \
        holdings of the previous one: it is kept, but latest.csv is not moved (--allow-shrink to accept).
        """
    )

    @Option(help: ArgumentHelp("The snapshot folder (created if missing).", valueName: "dir"))
    var dir: String?

    @Option(name: .customLong("git"), help: ArgumentHelp("Keep the catalogue's history in this git repository (created if missing).", valueName: "repo"))
    var gitRepository: String?

    @Option(help: ArgumentHelp("Keep only the newest N snapshots.", valueName: "n"))
    var keep: Int?

    @OptionGroup var fetching: FetchOptions

    @Flag(help: "Promote the snapshot even if it has fewer than half the holdings of the previous one.")
    var allowShrink = false

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError("--keep must be 1 or more.") }
        if dir == nil && gitRepository == nil { throw ValidationError("Give --dir DIR, --git REPO, or both.") }
        if keep != nil && dir == nil { throw ValidationError("--keep applies to --dir snapshots; git keeps every commit.") }
    }

    func run() async throws {
        let started = Date()
        let config = try connection.serviceConfig()
        // The repository is checked (and locked) before any request is made.
        let history = try gitRepository.map(GitHistory.init(directory:))
        let lock = try await history?.open()
        defer { lock?.release() }

        let client = connection.client(for: config)
        let exporter = Exporter(loader: PageLoader(client: client), pageSize: fetching.pageSize, concurrency: fetching.concurrency,
                                maxRequests: fetching.maxRequests)
        let collected = CollectedLines()
        let bar = TerminalSize.isTerminal(STDERR_FILENO) ? ProgressBar(style: try display.style(for: STDERR_FILENO)) : nil
        do {
            if let dir {
                var snapshotter = Snapshotter(
                    directory: SnapshotDirectory(path: dir), exporter: exporter, requestLog: client.log,
                    allowShrink: allowShrink, keep: keep)
                if history != nil { snapshotter.observe = { collected.lines.add($0) } }
                let result = try await snapshotter.run(progress: { bar?.update($0) })
                bar?.finish()
                try report(result)
            } else {
                _ = try await exporter.run(deliver: { collected.lines.add($0) }, progress: { bar?.update($0) })
                bar?.finish()
            }
        } catch {
            bar?.finish()
            throw ExportDefaults.withRequests(error, client.log.requests)
        }
        guard let history else { return }
        let outcome = try await history.record(collected.lines, endpoint: config.redact(config.endpoint), at: started, allowShrink: allowShrink)
        if outcome.shrank {
            throw DLibError.snapshotShrank(
                "the catalogue came back with \(NumberText.grouped(outcome.total)) holdings, fewer than half of the "
                + "\(NumberText.grouped(outcome.previousTotal ?? 0)) in \(history.directory); nothing was committed "
                + "(rerun with --allow-shrink if the catalogue really shrank)")
        }
        var line = outcome.commit.map { "git: \(outcome.summary) → commit \($0)" }
            ?? "git: \(NumberText.count(outcome.total, "holding")), no change; nothing committed"
        if dir == nil { line += " · \(NumberText.count(client.log.requests, "request"))" }
        try Terminal.out(line + "\n")
    }

    private func report(_ result: Snapshotter.Result) throws {
        let manifest = result.manifest
        if result.shrank {
            throw DLibError.snapshotShrank(
                "\(manifest.file) has \(NumberText.grouped(manifest.count)) holdings, fewer than half of the "
                + "previous \(NumberText.grouped(result.previousCount ?? 0)); it is kept, but latest.csv still points at "
                + "\(manifest.previous ?? "the previous snapshot") (rerun with --allow-shrink if the catalogue really shrank)")
        }
        try Terminal.out(
            "\(NumberText.count(manifest.count, "holding")) (+\(NumberText.grouped(manifest.added)) "
            + "−\(NumberText.grouped(manifest.removed)) ~\(NumberText.grouped(manifest.changed))) → \(manifest.file)"
            + " · \(NumberText.count(manifest.requests, "request"))\n")
    }
}

/// The holdings a snapshot saw, gathered for the git history: filled by the
/// exporter's deliveries, which all run on the command's one task.
private final class CollectedLines {
    var lines = HoldingLines()
}
