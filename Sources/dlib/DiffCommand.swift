import ArgumentParser
import DLibKit

struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: Message.overview("diff").text())

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The older CSV (a snapshot or a dlib export).", valueName: "old.csv"))
    var old: String

    @Argument(help: ArgumentHelp("The newer CSV.", valueName: "new.csv"))
    var new: String

    @Option(help: ArgumentHelp("text or json.", valueName: "format"))
    var format: Format = .text

    @OptionGroup var display: DisplayOptions

    @Flag(help: "Exit 1 when there are differences (and 0 when there are none), as `git diff --exit-code`.")
    var exitCode = false

    func run() async throws {
        let diff = SnapshotDiff(old: try SnapshotDiff.load(csvAt: old), new: try SnapshotDiff.load(csvAt: new))
        switch format {
        case .text: try Terminal.out(diff.text(style: try display.style()))
        case .json: try Terminal.out(diff.json())
        }
        if exitCode && !diff.isEmpty { throw DLibError.reported }
    }
}
