/// Walks every page of the catalogue (or of a search) with bounded
/// concurrency and hands them on in catalogue order as they complete, so
/// memory holds a window of pages, never the catalogue.
///
/// A server decides how many pages there are, so the walk is bounded
/// against a lying one: it ends at the first page that comes back empty
/// (the server had fewer holdings than it claimed), stops with an error at
/// a page made only of holdings already seen (the server ignores the page
/// asked for), and never asks for more pages than `maxRequests`.
public struct Exporter: Sendable {
    public struct Progress: Sendable {
        public var pagesDone: Int
        public var totalPages: Int
        public var holdings: Int
    }

    public struct Summary: Sendable, Equatable {
        public var pages = 0
        public var holdings = 0
        /// Holdings seen twice because the catalogue shifted between pages.
        public var duplicates = 0
        public var itemsWithoutId = 0
        public var firstTotalCount: Int?
        public var lastTotalCount: Int?
        /// The page that came back empty before the count said the
        /// catalogue ended, if one did.
        public var endedEarlyAtPage: Int?

        /// `totalCount` moved while the export ran.
        public var catalogueChanged: Bool { firstTotalCount != lastTotalCount }
    }

    /// The pages a run may ask for when the caller sets no bound: those
    /// the first page announced, a tenth more and ten besides, so a
    /// catalogue that grows a little during the run is still read whole.
    public static func defaultMaxRequests(forPages pages: Int) -> Int {
        pages + max(10, pages / 10)
    }

    public var loader: PageLoader
    public var pageSize: Int
    public var keyword: String?
    public var concurrency: Int
    /// Pages asked for at most, the first included; nil: `defaultMaxRequests`.
    public var maxRequests: Int?

    public init(loader: PageLoader, pageSize: Int, keyword: String? = nil, concurrency: Int, maxRequests: Int? = nil) {
        self.loader = loader
        self.pageSize = pageSize
        self.keyword = keyword
        self.concurrency = max(concurrency, 1)
        self.maxRequests = maxRequests
    }

    /// `deliver` gets each page's new holdings, in order, on this task.
    public func run(
        deliver: ([Holding]) throws -> Void,
        progress: (Progress) -> Void = { _ in }
    ) async throws -> Summary {
        var summary = Summary()
        var seen = Set<String>()
        var lastPage = 1

        /// false: this page is past the real end; nothing after it counts.
        func accept(_ page: Page, number: Int) throws -> Bool {
            if number > 1, page.isPastEnd {
                summary.endedEarlyAtPage = number
                return false
            }
            summary.pages += 1
            summary.itemsWithoutId += page.itemsWithoutId
            if summary.firstTotalCount == nil { summary.firstTotalCount = page.totalCount }
            if let total = page.totalCount { summary.lastTotalCount = total }
            let fresh = page.holdings.filter { seen.insert($0.controlNo).inserted }
            // A whole page of holdings already written: the server ignores
            // the page (or offset) asked for, and would do so forever.
            if number > 1, !page.holdings.isEmpty, fresh.isEmpty {
                throw CatalogueError.repeatedPage(page: number)
            }
            summary.duplicates += page.holdings.count - fresh.count
            summary.holdings += fresh.count
            try deliver(fresh)
            progress(Progress(pagesDone: summary.pages, totalPages: lastPage, holdings: summary.holdings))
            return true
        }

        // Page 1 alone first: its totalCount says how many pages to ask for.
        let first = try await loader.page(query(1))
        lastPage = max(first.totalPages ?? 1, 1)
        let limit = maxRequests ?? Self.defaultMaxRequests(forPages: lastPage)
        _ = try accept(first, number: 1)

        let loader = self.loader
        try await withThrowingTaskGroup(of: (Int, Page).self) { group in
            var nextToStart = 2
            var nextToDeliver = 2
            var running = 0
            var finished: [Int: Page] = [:]

            func startMore() throws {
                // In flight at most `concurrency`; finished-but-waiting pages
                // at most a few windows, so a slow page cannot grow memory.
                while running < concurrency, nextToStart <= lastPage, nextToStart < nextToDeliver + 4 * concurrency {
                    guard nextToStart <= limit else {
                        throw ExportLimit(requests: limit, firstTotalCount: summary.firstTotalCount, lastTotalCount: summary.lastTotalCount)
                    }
                    let number = nextToStart
                    let wanted = query(number)
                    group.addTask { (number, try await loader.page(wanted)) }
                    nextToStart += 1
                    running += 1
                }
            }

            try startMore()
            while let (number, page) = try await group.next() {
                running -= 1
                // The catalogue grew under us: there are more pages to ask for.
                if let pages = page.totalPages, pages > lastPage { lastPage = pages }
                finished[number] = page
                while let ready = finished.removeValue(forKey: nextToDeliver) {
                    guard try accept(ready, number: nextToDeliver) else {
                        group.cancelAll()
                        return
                    }
                    nextToDeliver += 1
                }
                try startMore()
            }
        }
        return summary
    }

    private func query(_ number: Int) -> PageQuery {
        PageQuery(pageNo: number, pageSize: pageSize, keyword: keyword)
    }
}

/// An export that reached its bound on requests before the catalogue
/// ended: the count the server gave kept growing, or the bound was set low.
public struct ExportLimit: Error, Sendable, Equatable, UserFacing {
    public var requests: Int
    public var firstTotalCount: Int?
    public var lastTotalCount: Int?

    public var userMessage: String {
        var line = "stopped after \(NumberText.count(requests, "request")) (--max-requests) before the catalogue ended"
        if let first = firstTotalCount, let last = lastTotalCount, first != last {
            line += "; the server first announced \(NumberText.grouped(first)) holdings, then \(NumberText.grouped(last))"
        }
        return line
    }
}
