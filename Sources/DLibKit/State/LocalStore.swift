import Foundation
import GRDB

/// dlib's one SQLite database in the state folder: the cache of every
/// holding fetched (for `dlib show`), the saved list, and the recently
/// viewed. WAL mode and a busy timeout let two dlib processes work at once;
/// every change is a transaction. The file is 0600.
public final class LocalStore: Sendable {
    public let path: String
    private let database: DatabaseQueue

    public static let recentLimit = 10

    public init(state: StateDirectory) throws(StateError) {
        let folder = try state.ensure()
        path = folder + "/dlib.sqlite"
        // Made private before SQLite opens it; SQLite gives its -wal and
        // -shm files the same mode.
        // Not through a link, and private even if an older dlib or a user
        // left it readable; the same for SQLite's -wal and -shm beside it.
        close(try PrivateFile.open(path))
        for suffix in ["-wal", "-shm"] {
            var info = stat()
            if lstat(path + suffix, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                throw .refused(path + suffix, reason: "it is a symbolic link, which dlib does not follow for its own files")
            }
            PrivateFile.makePrivate(path + suffix)
        }
        var configuration = Configuration()
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(10)
        configuration.label = "dlib"
        // In WAL mode NORMAL never corrupts the file; it only lets the last
        // transactions before a power cut go, and spares an fsync at every
        // commit (an export fills the cache in dozens of them).
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            database = try DatabaseQueue(path: path, configuration: configuration)
            // Checked in a read first: migrate() is a write transaction, and
            // its commit waits for the disk, before the page is printed when
            // the cover cache opens the store.
            if try !database.read({ try Self.migrator.hasCompletedMigrations($0) }) {
                try Self.migrator.migrate(database)
            }
        } catch {
            throw .store(path, reason: Self.describe(error))
        }
    }

    /// Every schema change dlib has made, in order: the one place to read it.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: cache, saved list, recently viewed") { db in
            try db.create(table: "cachedHolding") { table in
                table.column("endpoint", .text).notNull()
                HoldingColumns.define(in: table)
                table.column("fetchedAt", .datetime).notNull()
                table.primaryKey(["endpoint", "controlNo"])
            }
            try db.create(table: "savedHolding") { table in
                table.column("endpoint", .text).notNull()
                HoldingColumns.define(in: table)
                table.column("savedAt", .datetime).notNull()
                table.column("sequence", .integer).notNull()
                table.primaryKey(["endpoint", "controlNo"])
            }
            try db.create(table: "recentView") { table in
                table.column("endpoint", .text).notNull()
                table.column("controlNo", .text).notNull()
                table.column("viewedAt", .datetime).notNull()
                table.column("sequence", .integer).notNull()
                table.primaryKey(["endpoint", "controlNo"])
            }
        }
        migrator.registerMigration("v2: the Pyxis source's fields") { db in
            for table in ["cachedHolding", "savedHolding"] {
                try HoldingColumns.add(HoldingColumns.addedInV2, to: table, in: db)
            }
        }
        migrator.registerMigration("v3: the cover cache") { db in
            // Decoded, scaled covers by URL (see CoverCacheStore.swift); a
            // row without pixels remembers a cover that was no picture.
            try db.create(table: "coverCache") { table in
                table.column("url", .text).primaryKey()
                table.column("width", .integer).notNull()
                table.column("height", .integer).notNull()
                table.column("pixels", .blob).notNull()
                table.column("etag", .text)
                table.column("lastModified", .text)
                table.column("fetchedAt", .double).notNull()
                table.column("usedAt", .double).notNull()
                table.column("size", .integer).notNull()
            }
            try db.create(index: "coverCacheByUse", on: "coverCache", columns: ["usedAt"])
            // A cover as last drawn for one terminal set-up (mode, box and
            // cell size: the signature), so a page seen before is printed
            // without drawing again; gone with its cover.
            try db.create(table: "coverDrawing") { table in
                table.column("url", .text).notNull().references("coverCache", onDelete: .cascade)
                table.column("signature", .text).notNull()
                table.column("lines", .text).notNull()
                table.primaryKey(["url", "signature"])
            }
        }
        return migrator
    }

    // MARK: - The cache of fetched holdings

    public func remember(_ holdings: [Holding], endpoint: String) throws(StateError) {
        guard !holdings.isEmpty else { return }
        try write { db in
            // One prepared statement for the batch: an export fills the
            // cache with tens of thousands, and building each row's
            // statement anew cost more than the export's own work.
            let columns = ["endpoint"] + Holding.Field.allCases.map(\.name) + ["fetchedAt"]
            let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO cachedHolding ("
                + columns.joined(separator: ", ") + ") VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")")
            let now = StoredDate.text(Date())
            for holding in holdings {
                var values: [(any DatabaseValueConvertible)?] = [endpoint]
                for field in Holding.Field.allCases { values.append(holding[text: field]) }
                values.append(now)
                try statement.execute(arguments: StatementArguments(values))
            }
        }
    }

    public func holding(_ controlNo: String, endpoint: String) throws(StateError) -> Holding? {
        try read { db in try Self.cached(controlNo, endpoint: endpoint, in: db)?.holding }
    }

    /// The cached holding an id a person typed stands for: the exact id,
    /// else the one id that matches it ignoring case (`moe000001234` for
    /// `MOE000001234`: control numbers are the same in either case).
    private static func cached(_ id: String, endpoint: String, in db: Database) throws -> CachedHolding? {
        if let exact = try CachedHolding.filter(Column("endpoint") == endpoint && Column("controlNo") == id).fetchOne(db) {
            return exact
        }
        let matches = try CachedHolding.filter(sql: "endpoint = ? AND controlNo = ? COLLATE NOCASE", arguments: [endpoint, id])
            .limit(2).fetchAll(db)
        return matches.count == 1 ? matches[0] : nil
    }

    // MARK: - The saved list

    public struct SaveResult: Sendable {
        public var saved: [Holding]
        public var alreadySaved: [Holding]
        public var unknown: [String]
    }

    /// Saves the whole holding as last fetched; an id saved before stays once.
    public func save(_ ids: [String], endpoint: String) throws(StateError) -> SaveResult {
        try write { db in
            var result = SaveResult(saved: [], alreadySaved: [], unknown: [])
            for id in ids {
                guard let cached = try Self.cached(id, endpoint: endpoint, in: db) else {
                    result.unknown.append(id)
                    continue
                }
                let canonical = cached.holding.controlNo
                if try SavedHolding.filter(Column("endpoint") == endpoint && Column("controlNo") == canonical).fetchCount(db) > 0 {
                    result.alreadySaved.append(cached.holding)
                    continue
                }
                let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(sequence), 0) + 1 FROM savedHolding") ?? 1
                try SavedHolding(endpoint: endpoint, holding: cached.holding, savedAt: Date(), sequence: next).insert(db)
                result.saved.append(cached.holding)
            }
            return result
        }
    }

    /// Newest first.
    public func saved(endpoint: String) throws(StateError) -> [Holding] {
        try read { db in
            try SavedHolding.filter(Column("endpoint") == endpoint).order(Column("sequence").desc).fetchAll(db).map(\.holding)
        }
    }

    /// The ids that were saved and are now removed.
    public func unsave(_ ids: [String], endpoint: String) throws(StateError) -> [String] {
        try write { db in
            try ids.filter { id in
                try SavedHolding.filter(Column("endpoint") == endpoint && Column("controlNo") == id).deleteAll(db) > 0
                    || SavedHolding.filter(sql: "endpoint = ? AND controlNo = ? COLLATE NOCASE", arguments: [endpoint, id]).deleteAll(db) > 0
            }
        }
    }

    public func clearSaved(endpoint: String) throws(StateError) -> Int {
        try write { db in try SavedHolding.filter(Column("endpoint") == endpoint).deleteAll(db) }
    }

    // MARK: - Recently viewed

    /// Puts the holding at the top of the recently viewed, once, and keeps ten.
    public func recordView(_ controlNo: String, endpoint: String) throws(StateError) {
        try write { db in
            let next = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(sequence), 0) + 1 FROM recentView") ?? 1
            try db.execute(
                sql: "INSERT OR REPLACE INTO recentView (endpoint, controlNo, viewedAt, sequence) VALUES (?, ?, ?, ?)",
                arguments: [endpoint, controlNo, StoredDate.text(Date()), next])
            try db.execute(sql: """
                DELETE FROM recentView WHERE endpoint = ? AND controlNo NOT IN (
                    SELECT controlNo FROM recentView WHERE endpoint = ? ORDER BY sequence DESC LIMIT ?)
                """, arguments: [endpoint, endpoint, Self.recentLimit])
        }
    }

    /// Newest first, at most ten.
    public func recent(endpoint: String) throws(StateError) -> [Holding] {
        try read { db in
            try CachedHolding.fetchAll(db, sql: """
                SELECT cachedHolding.* FROM recentView
                JOIN cachedHolding USING (endpoint, controlNo)
                WHERE recentView.endpoint = ? ORDER BY recentView.sequence DESC LIMIT ?
                """, arguments: [endpoint, Self.recentLimit]).map(\.holding)
        }
    }

    // MARK: -

    func read<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StateError) -> T {
        do { return try database.read(body) } catch { throw .store(path, reason: Self.describe(error)) }
    }

    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws(StateError) -> T {
        do { return try database.write(body) } catch { throw .store(path, reason: Self.describe(error)) }
    }

    static func describe(_ error: any Error) -> String {
        if let error = error as? DatabaseError { return error.message ?? "\(error.resultCode)" }
        return "\(error)"
    }
}
