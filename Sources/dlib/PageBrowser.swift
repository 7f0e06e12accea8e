import ArgumentParser
import DLibKit

/// What `list` and `search` share: take the remembered page of one
/// (endpoint, search text) under its lock, fetch the page asked for, print
/// it, and only then move the cursor and cache what was shown.
struct PageBrowser {
    var config: ServiceConfig
    var client: CatalogueClient
    var keyword: String?
    /// nil: 20, or for `--next` and `--prev` the remembered page's size,
    /// so paging on after `--page-size 50` goes on with 50.
    var pageSize: Int?
    var format: OutputFormat?
    var display: DisplayOptions
    var columns: [Holding.Field]?
    /// The command that shows the next page, for the footer.
    var nextCommand: String
    /// How covers are drawn in the grid (the table keeps its mark).
    var images: ImageOptions?
    var verbose = false

    func show(_ navigation: Navigation, reset: Bool) async throws {
        let state = StateDirectory.fromEnvironment()
        let store = try CursorStore(state: state, endpoint: config.endpoint, keyword: keyword)
        if reset {
            try store.reset()
            Terminal.note(Message.forgotPage(command: nextCommand).text())
            return
        }
        // Held across read, fetch and write: see CursorStore.lock().
        let lock = try store.lock()
        defer { lock.release() }

        var cursor: CursorPosition?
        switch store.read() {
        case .none: break
        case .position(let position): cursor = position
        case .corrupt: Terminal.note(Message.cursorReset(file: store.file).text())
        }

        let pageSize = self.pageSize ?? ((navigation == .next || navigation == .previous) ? cursor?.pageSize : nil) ?? 20
        let number: Int
        switch navigation.target(from: cursor, pageSize: pageSize) {
        case .page(let page):
            number = page
        case .nothingBefore:
            throw DLibError.noMorePages(Message.noPageBefore(page: cursor?.page ?? 1).text())
        case .beyondTheLastPossible:
            throw DLibError.noMorePages(Message.lastPossiblePage(page: Page.maximumPageNumber).text())
        }
        let page = try await PageLoader(client: client).page(PageQuery(pageNo: number, pageSize: pageSize, keyword: keyword))
        if page.isPastEnd && number > 1 {
            throw DLibError.noMorePages(Self.noMorePagesNotice(page))
        }
        if page.isPastEnd, let keyword {
            // An empty search is an answer, not a failure.
            var line = Message.noMatch(term: keyword).text()
            // Korean catalogues index compound words both ways: 기후 변화 and 기후변화.
            let joined = keyword.split(whereSeparator: \.isWhitespace).joined()
            let korean = keyword.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) }
            if korean, joined != keyword, !joined.isEmpty {
                line += "; " + Message.tryJoined(command: "dlib search \(ShellQuote.quote(joined))").text()
            }
            Terminal.note(line)
            return
        }
        let format = OutputFormat.resolve(format)
        let style = TerminalStyle(display)
        var covers: CoverFetcher.Drawn?
        if format == .grid, let images {
            covers = try await images.covers(for: page.holdings, box: GridPrinter.coverBox, client: client,
                                             style: style, verbose: verbose)
        }
        try Terminal.out(format.render(page, nextCommand: nextCommand, style: style, columns: columns,
                                       covers: covers?.lines ?? [:]))
        covers?.remember()
        try store.write(page: number, pageSize: pageSize, totalCount: page.totalCount)
        try LocalStore(state: state).remember(page.holdings, endpoint: config.endpoint)
    }

    static func noMorePagesNotice(_ page: Page) -> String {
        guard let total = page.totalCount, let pages = page.totalPages else { return Message.noMorePagesUnknown.text() }
        return Message.noMorePages(holdings: total, pages: pages).text()
    }
}
