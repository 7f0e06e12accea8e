import ArgumentParser
import DLibKit
import Foundation

/// The saved list ("담기"): holdings kept whole, surviving restarts.
struct SavedCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved",
        abstract: Message.overview("saved").text(),
        subcommands: [Add.self, List.self, Remove.self, Clear.self, Export.self],
        defaultSubcommand: List.self)

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: Message.overview("saved add").text())
        @Argument(help: ArgumentHelp("Control numbers.", valueName: "id")) var ids: [String]
        @OptionGroup var display: DisplayOptions
        @OptionGroup var scope: StoreOptions

        func run() async throws {
            let (store, endpoint) = try scope.open()
            let result = try store.save(ids, endpoint: endpoint)
            for holding in result.saved { Terminal.note("saved \(holding.controlNo) \(Sanitiser.clean(holding.title ?? ""))") }
            for holding in result.alreadySaved { Terminal.note("\(holding.controlNo) was saved already") }
            if !result.unknown.isEmpty {
                throw DLibError.notFound(
                    "\(result.unknown.joined(separator: ", ")) not among the holdings dlib has seen; "
                    + StoreOptions.findHint(count: result.unknown.count))
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: Message.overview("saved list").text())
        @Option(help: ArgumentHelp("table, grid, json or tsv (default: table on a terminal, tsv on a pipe).", valueName: "format"))
        var format: OutputFormat?
        @OptionGroup var columns: ColumnOptions
        @OptionGroup var display: DisplayOptions
        @OptionGroup var scope: StoreOptions

        func run() async throws {
            let (store, endpoint) = try scope.open()
            let holdings = try store.saved(endpoint: endpoint)
            let resolved = OutputFormat.resolve(format)
            if holdings.isEmpty && (resolved == .table || resolved == .grid) {
                Terminal.note(Message.nothingSaved.text())
                return
            }
            try Terminal.out(resolved.render(list: holdings, footer: Message.savedCount(holdings.count).text(),
                                             style: TerminalStyle(display), columns: try columns.fields))
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: Message.overview("saved remove").text())
        @Argument(help: ArgumentHelp("Control numbers.", valueName: "id")) var ids: [String]
        @OptionGroup var display: DisplayOptions
        @OptionGroup var scope: StoreOptions

        func run() async throws {
            let (store, endpoint) = try scope.open()
            let removed = try store.unsave(ids, endpoint: endpoint)
            for id in ids { Terminal.note(removed.contains(id) ? "removed \(id)" : "\(id) was not saved") }
        }
    }

    struct Clear: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: Message.overview("saved clear").text(),
            discussion: "On a terminal it asks first; --yes (or a pipe on standard input) skips the question.")
        @Flag(name: [.customShort("y"), .long], help: "Do not ask; clear the list.") var yes = false
        @OptionGroup var display: DisplayOptions
        @OptionGroup var scope: StoreOptions

        func run() async throws {
            let (store, endpoint) = try scope.open()
            if !yes, TerminalSize.isTerminal(STDIN_FILENO) {
                let count = try store.saved(endpoint: endpoint).count
                guard count > 0, Terminal.confirm(Message.confirmClear(count: count).text()) else {
                    Terminal.note(Message.notCleared.text())
                    return
                }
            }
            let count = try store.clearSaved(endpoint: endpoint)
            Terminal.note(Message.clearedSaved(count: count).text())
        }
    }

    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: Message.overview("saved export").text())
        @Option(help: ArgumentHelp("csv, jsonl, xlsx or sqlite (xlsx and sqlite need -o FILE).", valueName: "format"))
        var format: ExportCommand.Format = .csv
        @Option(name: .shortAndLong, help: ArgumentHelp("Write to FILE (default: standard output).", valueName: "file")) var output: String?
        @Flag(help: "For Excel: a byte order mark and neutralised formulas, as for `dlib export --excel`.") var excel = false
        @OptionGroup var display: DisplayOptions
        @OptionGroup var scope: StoreOptions

        func validate() throws {
            try format.check(excel: excel, output: output)
        }

        func run() async throws {
            let (store, endpoint) = try scope.open()
            let holdings = try store.saved(endpoint: endpoint)
            let writer = try format.writer(output: output, excel: excel)
            do {
                try writer.write(holdings)
                try writer.finish(ExportDescription(source: "saved", endpoint: endpoint, holdings: holdings.count))
            } catch {
                writer.abandon()
                throw error
            }
        }
    }
}
