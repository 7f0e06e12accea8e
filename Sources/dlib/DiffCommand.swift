import ArgumentParser
import DLibKit

struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: Message.overview("diff").text(),
        discussion: """
        OLD and NEW are files (a snapshot's CSV, a dlib CSV or JSON lines export), or, with \
        --git REPO, two revisions of a history `dlib snapshot --git REPO` keeps:
        dlib diff --git REPO HEAD~1 HEAD
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The older snapshot: a CSV or JSON lines file, or a revision with --git.", valueName: "old"))
    var old: String

    @Argument(help: ArgumentHelp("The newer one.", valueName: "new"))
    var new: String

    @Option(name: .customLong("git"), help: ArgumentHelp("Read OLD and NEW as revisions of this snapshot history.", valueName: "repo"))
    var gitRepository: String?

    @Option(help: ArgumentHelp("text or json.", valueName: "format"))
    var format: Format = .text

    @OptionGroup var display: DisplayOptions

    @Flag(help: "Exit 1 when there are differences (and 0 when there are none), as `git diff --exit-code`.")
    var exitCode = false

    func run() async throws {
        let diff: SnapshotDiff
        if let gitRepository {
            let history = try GitHistory(directory: gitRepository)
            diff = SnapshotDiff(old: try await history.holdings(at: old), new: try await history.holdings(at: new))
        } else {
            diff = SnapshotDiff(old: try SnapshotDiff.load(at: old), new: try SnapshotDiff.load(at: new))
        }
        switch format {
        case .text: try Terminal.out(diff.text(style: try display.style()))
        case .json: try Terminal.out(diff.json())
        }
        if exitCode && !diff.isEmpty { throw DLibError.reported }
    }
}
