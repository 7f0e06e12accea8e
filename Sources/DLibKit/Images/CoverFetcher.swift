import Foundation

/// The covers of one page, fetched beside it and drawn for the terminal:
/// the cache first (no request for a cover seen in the last week), then
/// the rest over the same libcurl client, a few at once, all within one
/// deadline. A cover that is late, fails, or is no picture gets the
/// placeholder; nothing here ever fails the page.
public struct CoverFetcher: Sendable {
    public var client: CurlClient
    /// nil: no cache (the state folder could not be opened).
    public var store: LocalStore?
    public var drawer: CoverDrawer
    /// How long the page waits for its covers in all.
    public var deadline: Duration
    public var concurrency: Int
    /// Larger bodies are refused while they arrive.
    public var maxBodyBytes: Int
    /// `--verbose`: one line per cover (cache hit, fetched, refused, late).
    public var log: (@Sendable (String) -> Void)?

    /// Cached covers younger than this are used without asking; older ones
    /// are asked for again with their ETag / Last-Modified.
    public static let freshFor: TimeInterval = 7 * 24 * 3600
    /// The largest thumbnail kept: enough for `show`'s 24 columns.
    public static let thumbnailSize = (width: 240, height: 360)

    public init(client: CurlClient, store: LocalStore?, drawer: CoverDrawer, deadline: Duration = .seconds(2),
                concurrency: Int = 6, maxBodyBytes: Int = 4 << 20, log: (@Sendable (String) -> Void)? = nil) {
        self.client = client
        self.store = store
        self.drawer = drawer
        self.deadline = deadline
        self.concurrency = max(1, concurrency)
        self.maxBodyBytes = maxBodyBytes
        self.log = log
    }

    /// A page's covers drawn, and what the cache is to learn once the page
    /// is on screen (`remember()`): the cache's writes wait for the disk,
    /// which the page need not.
    public struct Drawn: Sendable {
        /// By control number, each `rows` lines of `columns` cells;
        /// holdings missing here keep their placeholder.
        public var lines: [String: [String]]
        var update: CacheUpdate
        var store: LocalStore?

        public func remember() {
            try? store?.storeCovers(update.fresh)
            try? store?.renewCovers(update.renewed)
            try? store?.touchCovers(update.used)
            try? store?.storeDrawings(update.drawings, signature: update.signature)
        }
    }

    struct CacheUpdate: Sendable {
        var fresh: [CachedCover] = []
        var renewed: [String] = []
        var used: [String] = []
        /// Newly drawn covers by URL, for `signature`.
        var drawings: [String: [String]] = [:]
        var signature = ""
    }

    /// What a drawing depends on besides the picture: the same signature,
    /// the same bytes (chafa's canvas is pinned; its version is part of it).
    func signature(columns: Int, rows: Int) -> String {
        "\(drawer.mode.rawValue) \(columns)x\(rows) cell \(drawer.cellWidth)x\(drawer.cellHeight)"
            + (drawer.ambiguousIsWide ? " narrow" : "") + " chafa \(CoverDrawer.chafaVersion)"
    }

    public func covers(for holdings: [Holding], columns: Int, rows: Int) async -> Drawn {
        let urls = Dictionary(holdings.compactMap { holding in CoverURL.accepted(holding.coverUrl).map { (holding.controlNo, $0) } },
                              uniquingKeysWith: { first, _ in first })
        let signature = signature(columns: columns, rows: rows)
        // Covers drawn before for this terminal, still fresh: no pixels
        // read, no drawing.
        var drawnBefore: [String: [String]] = [:]
        let now = Date()
        for (url, drawing) in (try? store?.cachedDrawings(Array(Set(urls.values)), signature: signature)) ?? [:]
        where now.timeIntervalSince(drawing.fetchedAt) < Self.freshFor && drawing.lines.count == rows {
            drawnBefore[url] = drawing.lines
            note("cover cache hit (drawn)", url)
        }
        let (pictures, fetched) = await pictures(Set(urls.values).subtracting(drawnBefore.keys).sorted(), box: (columns, rows))
        var update = fetched
        update.used += drawnBefore.keys
        update.signature = signature
        var drawn: [String: [String]] = [:]
        for (controlNo, url) in urls {
            if let lines = drawnBefore[url] {
                drawn[controlNo] = lines
                continue
            }
            guard let cover = pictures[url], cover.isPicture,
                  let image = CoverImage(width: cover.width, height: cover.height, rgba: cover.pixels),
                  let lines = update.drawings[url] ?? drawer.lines(image, columns: columns, rows: rows)
            else { continue }
            drawn[controlNo] = lines
            update.drawings[url] = lines
        }
        return Drawn(lines: drawn, update: update, store: store)
    }

    /// The cache's and the server's covers for `urls`, as the cache keeps
    /// them, and what the cache is to learn.
    /// With a `box`, covers fetched now are also drawn in it, each as it
    /// arrives, while the others are still on their way.
    func pictures(_ urls: [String], box: (columns: Int, rows: Int)? = nil) async -> ([String: CachedCover], CacheUpdate) {
        let cached = (try? store?.cachedCovers(urls)) ?? [:]
        var found: [String: CachedCover] = [:]
        var update = CacheUpdate()
        var wanted: [(url: String, stale: CachedCover?)] = []
        let now = Date()
        for url in urls {
            if let hit = cached[url], now.timeIntervalSince(hit.fetchedAt) < Self.freshFor {
                found[url] = hit
                update.used.append(url)
                note("cover cache hit", url)
            } else {
                wanted.append((url, cached[url]))
            }
        }
        guard !wanted.isEmpty else { return (found, update) }
        for (url, outcome) in await fetchWanted(wanted, box: box) {
            switch outcome {
            case .renewed(let cover):
                found[url] = cover
                update.renewed.append(url)
            case .stored(let cover, let drawing):
                found[url] = cover
                update.fresh.append(cover)
                if let drawing { update.drawings[url] = drawing }
            case .failed:
                break
            }
        }
        return (found, update)
    }

    func note(_ what: String, _ url: String) {
        log?(Sanitiser.clean("\(what): \(url)"))
    }
}
