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

    func render(_ page: Page, nextCommand: String) -> String {
        switch self {
        case .table: return TablePrinter(style: .forStandardOutput(), nextCommand: nextCommand).render(page)
        case .grid: return GridPrinter(style: .forStandardOutput(), nextCommand: nextCommand).render(page)
        case .json: return JSONPagePrinter.render(page)
        case .tsv: return TSVPrinter.render(page.holdings)
        }
    }
}
