import ArgumentParser
import DLibKit

struct RecentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent",
        abstract: "The ten holdings most recently opened with `dlib show`, newest first.")

    @Option(help: ArgumentHelp("table, grid, json or tsv (default: table on a terminal, tsv on a pipe).", valueName: "format"))
    var format: OutputFormat?

    @OptionGroup var scope: StoreOptions

    func run() async throws {
        let (store, endpoint) = try scope.open()
        let holdings = try store.recent(endpoint: endpoint)
        let resolved = OutputFormat.resolve(format)
        if holdings.isEmpty && resolved != .json {
            Terminal.note("nothing viewed yet; open a holding with `dlib show ID`")
            return
        }
        try Terminal.out(resolved.render(list: holdings, footer: NumberText.count(holdings.count, "recently viewed holding")))
    }
}
