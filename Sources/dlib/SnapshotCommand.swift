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

        Exit status: 0 done; 1 failed (DIR unchanged); 4 the new snapshot has fewer than half the \
        holdings of the previous one: it is kept, but latest.csv is not moved (--allow-shrink to accept).
        """
    )

    @Option(help: ArgumentHelp("The snapshot folder (created if missing).", valueName: "dir"))
    var dir: String

    @Option(help: ArgumentHelp("Keep only the newest N snapshots.", valueName: "n"))
    var keep: Int?

    @OptionGroup var fetching: FetchOptions

    @Flag(help: "Promote the snapshot even if it has fewer than half the holdings of the previous one.")
    var allowShrink = false

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if let keep, keep < 1 { throw ValidationError("--keep must be 1 or more.") }
    }

    func run() async throws {
        let config = try connection.serviceConfig()
        let client = connection.client(for: config)
        let exporter = Exporter(loader: PageLoader(client: client), pageSize: fetching.pageSize, concurrency: fetching.concurrency,
                                maxRequests: fetching.maxRequests)
        let snapshotter = Snapshotter(
            directory: SnapshotDirectory(path: dir), exporter: exporter, requestLog: client.log,
            allowShrink: allowShrink, keep: keep)
        let bar = TerminalSize.isTerminal(STDERR_FILENO) ? ProgressBar(style: try display.style(for: STDERR_FILENO)) : nil
        let result: Snapshotter.Result
        do {
            result = try await snapshotter.run(progress: { bar?.update($0) })
            bar?.finish()
        } catch {
            bar?.finish()
            throw ExportDefaults.withRequests(error, client.log.requests)
        }
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
