import ArgumentParser
import DLibKit

/// How `list` and `search` choose a page and print it.
struct PagingOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Show page N.", valueName: "n"))
    var page: Int?

    @Flag(help: "Show the page after the one last shown.")
    var next = false

    @Flag(help: "Show the page before the one last shown.")
    var prev = false

    @Option(help: ArgumentHelp(
        "table, grid, json or tsv (default: table on a terminal, tsv on a pipe).", valueName: "format"))
    var format: OutputFormat?

    @Option(help: ArgumentHelp(
        "Holdings per page (1–100; default 20, or for --next and --prev the size the remembered page was shown at).",
        valueName: "n"))
    var pageSize: Int?

    func validate() throws {
        guard [page != nil, next, prev].filter({ $0 }).count <= 1 else {
            throw ValidationError("--page, --next and --prev cannot be combined.")
        }
        if let page, !(1...Page.maximumPageNumber).contains(page) {
            throw ValidationError("--page must be between 1 and \(NumberText.grouped(Page.maximumPageNumber)).")
        }
        guard (1...100).contains(pageSize ?? 20) else {
            throw ValidationError("--page-size must be between 1 and 100 (the service serves at most 100 a page).")
        }
    }

    var navigation: Navigation {
        if next { return .next }
        if prev { return .previous }
        if let page { return .page(page) }
        return .first
    }
}

/// How `export` and `snapshot` walk the whole catalogue.
struct FetchOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Holdings per request (1–100); larger pages spend fewer of the key's daily requests.", valueName: "n"))
    var pageSize: Int = ExportDefaults.pageSize

    @Option(help: ArgumentHelp("Pages fetched at once.", valueName: "n"))
    var concurrency: Int = ExportDefaults.concurrency

    @Option(help: ArgumentHelp(
        "Ask for at most N pages (default: the pages the first one announces, a tenth more and ten besides), "
            + "so a server whose count keeps growing cannot keep the run going forever.", valueName: "n"))
    var maxRequests: Int?

    func validate() throws {
        guard (1...100).contains(pageSize) else { throw ValidationError("--page-size must be between 1 and 100.") }
        guard (1...64).contains(concurrency) else { throw ValidationError("--concurrency must be between 1 and 64.") }
        if let maxRequests, maxRequests < 1 { throw ValidationError("--max-requests must be 1 or more.") }
    }
}
