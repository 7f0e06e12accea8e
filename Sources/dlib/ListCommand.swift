import ArgumentParser
import DLibKit

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Show one page of holdings and remember where you are.",
        discussion: """
        Plain `dlib list` shows page 1. The page shown is remembered (per endpoint),
        so `dlib list --next` carries on from it, also from cron or another shell:
        two `--next` started at once show consecutive pages. The remembered page
        moves only after a page was fetched and shown.
        """
    )

    @Option(help: ArgumentHelp("Show page N.", valueName: "n"))
    var page: Int?

    @Flag(help: "Show the page after the one last shown.")
    var next = false

    @Flag(help: "Show the page before the one last shown.")
    var prev = false

    @Flag(help: "Forget the remembered page; the next `--next` shows page 1.")
    var reset = false

    @Option(help: ArgumentHelp(
        "table, grid, json or tsv (default: table on a terminal, tsv on a pipe).", valueName: "format"))
    var format: OutputFormat?

    @Option(help: ArgumentHelp("Holdings per page (1–100).", valueName: "n"))
    var pageSize: Int = 20

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        let chosen = [page != nil, next, prev, reset].filter { $0 }.count
        guard chosen <= 1 else {
            throw ValidationError("--page, --next, --prev and --reset cannot be combined.")
        }
        if let page, page < 1 { throw ValidationError("--page must be 1 or more.") }
        guard (1...100).contains(pageSize) else {
            throw ValidationError("--page-size must be between 1 and 100 (the service serves at most 100 a page).")
        }
    }

    private var navigation: Navigation {
        if next { return .next }
        if prev { return .previous }
        if let page { return .page(page) }
        return .first
    }

    func run() async throws {
        try await reportingFailures {
            try await list(try connection.serviceConfig())
        }
    }

    private func list(_ config: ServiceConfig) async throws {
        let store = try CursorStore(state: .fromEnvironment(), endpoint: config.endpoint, keyword: nil)
        if reset {
            try store.reset()
            Terminal.note("forgot the remembered page; `dlib list --next` starts at page 1")
            return
        }
        // Held across read, fetch and write: see CursorStore.lock().
        let lock = try store.lock()
        defer { lock.release() }

        var cursor: CursorPosition?
        switch store.read() {
        case .none: break
        case .position(let position): cursor = position
        case .corrupt:
            Terminal.note("the remembered page (\(store.file)) was unreadable and is reset")
        }

        guard case .page(let number) = navigation.target(from: cursor, pageSize: pageSize) else {
            Terminal.note("no page before page \(cursor?.page ?? 1)")
            throw ExitCode.noMorePages
        }
        let loader = PageLoader(client: connection.client(for: config))
        let page = try await loader.page(PageQuery(pageNo: number, pageSize: pageSize))
        if page.isPastEnd && number > 1 {
            Terminal.note(Self.noMorePagesNotice(page))
            throw ExitCode.noMorePages
        }
        Terminal.out(OutputFormat.resolve(format).render(page, nextCommand: "dlib list --next"))
        try store.write(page: number, pageSize: pageSize, totalCount: page.totalCount)
        try HoldingCache(state: .fromEnvironment(), endpoint: config.endpoint).remember(page.holdings)
    }

    static func noMorePagesNotice(_ page: Page) -> String {
        guard let total = page.totalCount, let pages = page.totalPages else { return "no more pages" }
        let holdings = total == 1 ? "1 holding" : "\(NumberText.grouped(total)) holdings"
        let pageWord = pages == 1 ? "1 page" : "\(NumberText.grouped(pages)) pages"
        return "no more pages (\(holdings), \(pageWord))"
    }
}
