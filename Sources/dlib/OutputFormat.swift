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

    /// The terminal is asked about itself (ambiguous width) only for the
    /// formats that draw on it. `covers`: drawn covers by control number,
    /// for the grid.
    func render(_ page: Page, nextCommand: String, style: TerminalStyle, columns: [Holding.Field]?,
                covers: [String: [String]] = [:]) throws -> String {
        switch self {
        case .table: return TablePrinter(style: try style.get(), nextCommand: nextCommand, columns: columns).render(page)
        case .grid:
            return GridPrinter(style: try style.get(), nextCommand: nextCommand, columns: columns, covers: covers).render(page)
        case .json: return JSONPagePrinter.render(page)
        case .tsv: return TSVPrinter.render(page.holdings, fields: columns ?? Holding.Field.allCases)
        }
    }

    /// A list that is not a page of the catalogue (saved, recent): the same
    /// printers, a footer of its own, and JSON as `{"items": [...]}`.
    func render(list holdings: [Holding], footer: String, style: TerminalStyle, columns: [Holding.Field]?) throws -> String {
        let page = Page(holdings: holdings, pageNo: 1, pageSize: max(holdings.count, 1), totalCount: holdings.count)
        switch self {
        case .table: return TablePrinter(style: try style.get(), footer: footer, columns: columns).render(page)
        case .grid: return GridPrinter(style: try style.get(), footer: footer, columns: columns).render(page)
        case .json: return JSONPagePrinter.render(items: holdings)
        case .tsv: return TSVPrinter.render(holdings, fields: columns ?? Holding.Field.allCases)
        }
    }
}

/// `--columns`: which fields the table, the grid, TSV and CSV show.
struct ColumnOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "The fields to show, by name, in order: e.g. title,author,call_no,availability (also id, year, cover, status). "
            + "Default for the table: id, title, author, year, call number, availability and cover.",
        valueName: "list"))
    var columns: String?

    func validate() throws {
        _ = try fields
    }

    /// nil: each printer's own default.
    var fields: [Holding.Field]? {
        get throws {
            guard let columns else { return nil }
            do { return try Columns.parse(columns) } catch { throw ValidationError(error.message) }
        }
    }
}
