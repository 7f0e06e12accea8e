import ArgumentParser
import DLibKit
import Foundation

/// How a page is printed. Without `--format`: the table on a terminal,
/// tab-separated values on a pipe.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case table, grid, json, tsv

    static func resolve(_ explicit: OutputFormat?) -> OutputFormat {
        explicit ?? (TerminalSize.isTerminal(STDOUT_FILENO) ? .table : .tsv)
    }

    /// `covers`: drawn covers by control number, for the grid.
    func render(_ page: Page, nextCommand: String, covers: [String: [String]] = [:]) -> String {
        switch self {
        case .table: return TablePrinter(style: .forStandardOutput(), nextCommand: nextCommand).render(page)
        case .grid: return GridPrinter(style: .forStandardOutput(), nextCommand: nextCommand, covers: covers).render(page)
        case .json: return JSONPagePrinter.render(page)
        case .tsv: return TSVPrinter.render(page.holdings)
        }
    }

    /// A list that is not a page of the catalogue (saved, recent): the same
    /// printers, a footer of its own, and JSON as `{"items": [...]}`.
    func render(list holdings: [Holding], footer: String) -> String {
        let page = Page(holdings: holdings, pageNo: 1, pageSize: max(holdings.count, 1), totalCount: holdings.count)
        switch self {
        case .table: return TablePrinter(style: .forStandardOutput(), footer: footer).render(page)
        case .grid: return GridPrinter(style: .forStandardOutput(), footer: footer).render(page)
        case .json: return JSONPagePrinter.render(items: holdings)
        case .tsv: return TSVPrinter.render(holdings)
        }
    }
}
