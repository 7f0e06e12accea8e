import ArgumentParser
import DLibKit

struct RecentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recent",
        abstract: Message.overview("recent").text())

    @Option(help: ArgumentHelp("table, grid, json or tsv (default: table on a terminal, tsv on a pipe).", valueName: "format"))
    var format: OutputFormat?

    @OptionGroup var columns: ColumnOptions

    @OptionGroup var display: DisplayOptions

    @OptionGroup var scope: StoreOptions

    func run() async throws {
        let (store, endpoint) = try scope.open()
        let holdings = try store.recent(endpoint: endpoint)
        let resolved = OutputFormat.resolve(format)
        if holdings.isEmpty && resolved != .json {
            Terminal.note(Message.nothingViewed.text())
            return
        }
        try Terminal.out(resolved.render(list: holdings, footer: Message.recentCount(holdings.count).text(),
                                         style: TerminalStyle(display), columns: try columns.fields))
    }
}
