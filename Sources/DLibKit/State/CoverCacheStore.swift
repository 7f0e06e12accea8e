import Foundation
import GRDB

/// One cover as the cache keeps it: pixels already decoded and scaled
/// (RGBA8, `width * 4` bytes a row), or none for a URL that gave no
/// picture, with the validators to ask the server again with.
public struct CachedCover: Sendable, Equatable {
    public var url: String
    public var width: Int
    public var height: Int
    public var pixels: [UInt8]
    public var etag: String?
    public var lastModified: String?
    public var fetchedAt: Date

    public init(url: String, width: Int, height: Int, pixels: [UInt8], etag: String? = nil, lastModified: String? = nil,
                fetchedAt: Date = Date()) {
        self.url = url
        self.width = width
        self.height = height
        self.pixels = pixels
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
    }

    /// A URL that answered with something that is no cover.
    public var isPicture: Bool { width > 0 && height > 0 && !pixels.isEmpty }
}

/// The cover cache in dlib's store: least recently used rows go first once
/// the pixels pass the cap.
extension LocalStore {
    public static let coverCacheCap = 64 << 20

    /// The cached covers among `urls`. A read only: marking them used
    /// (`touchCovers`) is a write, left until the page is on screen.
    public func cachedCovers(_ urls: [String]) throws(StateError) -> [String: CachedCover] {
        guard !urls.isEmpty else { return [:] }
        return try read { db in
            var found: [String: CachedCover] = [:]
            for url in Set(urls) {
                // Converted with fromDatabaseValue, which answers nil where a
                // subscript would trap: a damaged row is a miss.
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM coverCache WHERE url = ?", arguments: [url]),
                      let width = Int.fromDatabaseValue(row["width"]), let height = Int.fromDatabaseValue(row["height"]),
                      let pixels = Data.fromDatabaseValue(row["pixels"]),
                      let fetchedAt = Double.fromDatabaseValue(row["fetchedAt"])
                else { continue }
                found[url] = CachedCover(
                    url: url, width: width, height: height, pixels: [UInt8](pixels),
                    etag: String.fromDatabaseValue(row["etag"]), lastModified: String.fromDatabaseValue(row["lastModified"]),
                    fetchedAt: Date(timeIntervalSince1970: fetchedAt))
            }
            return found
        }
    }

    /// Marks covers used now, so the least recently used go first.
    public func touchCovers(_ urls: [String]) throws(StateError) {
        guard !urls.isEmpty else { return }
        try write { db in
            let now = Date().timeIntervalSince1970
            for url in urls {
                try db.execute(sql: "UPDATE coverCache SET usedAt = ? WHERE url = ?", arguments: [now, url])
            }
        }
    }

    /// Keeps these covers (replacing older rows of the same URLs), then
    /// drops the least recently used beyond `cap` bytes of pixels.
    public func storeCovers(_ covers: [CachedCover], cap: Int = LocalStore.coverCacheCap) throws(StateError) {
        guard !covers.isEmpty else { return }
        try write { db in
            let now = Date().timeIntervalSince1970
            for cover in covers {
                try db.execute(
                    sql: """
                    INSERT OR REPLACE INTO coverCache (url, width, height, pixels, etag, lastModified, fetchedAt, usedAt, size)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    arguments: [cover.url, cover.width, cover.height, Data(cover.pixels), cover.etag, cover.lastModified,
                                cover.fetchedAt.timeIntervalSince1970, now, cover.pixels.count + cover.url.utf8.count])
            }
            try db.execute(sql: """
                DELETE FROM coverCache WHERE url IN (
                    SELECT url FROM (SELECT url, SUM(size) OVER (ORDER BY usedAt DESC, url) AS running FROM coverCache)
                    WHERE running > ?)
                """, arguments: [cap])
        }
    }

    /// The server said 304: the cached pixels are current again.
    public func renewCovers(_ urls: [String]) throws(StateError) {
        guard !urls.isEmpty else { return }
        try write { db in
            let now = Date().timeIntervalSince1970
            for url in urls {
                try db.execute(sql: "UPDATE coverCache SET fetchedAt = ?, usedAt = ? WHERE url = ?", arguments: [now, now, url])
            }
        }
    }

    /// Covers already drawn with `signature`, with when their picture was
    /// fetched (the caller judges freshness as for the pixels).
    public func cachedDrawings(_ urls: [String], signature: String) throws(StateError)
        -> [String: (lines: [String], fetchedAt: Date)] {
        guard !urls.isEmpty else { return [:] }
        return try read { db in
            var found: [String: (lines: [String], fetchedAt: Date)] = [:]
            for url in Set(urls) {
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT d.lines, c.fetchedAt FROM coverDrawing d JOIN coverCache c ON c.url = d.url
                    WHERE d.url = ? AND d.signature = ?
                    """, arguments: [url, signature]),
                    let text = String.fromDatabaseValue(row["lines"]), let fetchedAt = Double.fromDatabaseValue(row["fetchedAt"])
                else { continue }
                found[url] = (text.components(separatedBy: "\n"), Date(timeIntervalSince1970: fetchedAt))
            }
            return found
        }
    }

    /// Keeps covers as drawn with `signature` (only for covers the cache holds).
    public func storeDrawings(_ drawings: [String: [String]], signature: String) throws(StateError) {
        guard !drawings.isEmpty else { return }
        try write { db in
            for (url, lines) in drawings where try Int.fetchOne(db, sql: "SELECT 1 FROM coverCache WHERE url = ?", arguments: [url]) != nil {
                try db.execute(sql: "INSERT OR REPLACE INTO coverDrawing (url, signature, lines) VALUES (?, ?, ?)",
                               arguments: [url, signature, lines.joined(separator: "\n")])
            }
        }
    }

    /// Rows and bytes of pixels cached (for tests and `dlib doctor`).
    public func coverCacheSize() throws(StateError) -> (count: Int, bytes: Int) {
        try read { db in
            let row = try Row.fetchOne(db, sql: "SELECT COUNT(*) AS n, COALESCE(SUM(size), 0) AS bytes FROM coverCache")
            return (row?["n"] ?? 0, row?["bytes"] ?? 0)
        }
    }
}
