import Foundation
import GRDB

/// `dlib export --format sqlite`: a database Datasette, sqlite-utils or
/// DuckDB open as it is.
///
/// - `holdings`: one column per field of the one field list, named as the
///   CSV header names it, all declared TEXT (a year such as `[2019]` or an
///   ISBN with its leading zero stays as catalogued), `control_no` the
///   primary key, rows in catalogue order (rowid).
/// - `copies`: one row per copy of a holding, for the Pyxis source that
///   lists several; `holding_id` refers to `holdings.control_no`.
/// - `meta`: source, endpoint (never the key), query, time and counts.
/// - `holdings_fts`: FTS5 over title and author, content from `holdings`.
///
/// The whole database is one transaction in a file beside the final name,
/// renamed into place once committed and synced: a failed export leaves
/// nothing.
public final class DatabaseExportWriter: HoldingWriter {
    private let sink: AtomicFileSink
    private let database: DatabaseQueue
    private var copies = 0
    private var finished = false

    static let holdingsColumns = Holding.Field.allCases.map(\.columnName)
    static let copyColumns = CopiesText.keys.map { snakeCase($0.name) }

    public init(sink: AtomicFileSink) throws(StateError) {
        self.sink = sink
        var configuration = Configuration()
        // The transaction spans every page the exporter delivers.
        configuration.allowsUnsafeTransactions = true
        configuration.label = "dlib export"
        configuration.prepareDatabase { db in
            // Nobody sees the file until it is renamed; the rename after a
            // full fsync is what makes it durable, not SQLite's journal.
            try db.execute(sql: "PRAGMA journal_mode = MEMORY; PRAGMA synchronous = OFF")
        }
        do {
            database = try DatabaseQueue(path: sink.temporaryPath, configuration: configuration)
            try database.writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: Self.schema)
            }
        } catch {
            sink.abandon()
            throw .cannotWrite(sink.path, reason: Self.describe(error))
        }
    }

    deinit { abandon() }

    static let schema: String = {
        let holdingColumns = holdingsColumns.map { name in
            name == Holding.Field.controlNo.columnName ? "\(name) TEXT NOT NULL PRIMARY KEY" : "\(name) TEXT"
        }
        let copyDeclarations = copyColumns.map { "\($0) TEXT" }
        return """
        CREATE TABLE holdings (\(holdingColumns.joined(separator: ", ")));
        CREATE TABLE copies (holding_id TEXT NOT NULL REFERENCES holdings(control_no), position INTEGER NOT NULL, \
        \(copyDeclarations.joined(separator: ", ")), PRIMARY KEY (holding_id, position));
        CREATE TABLE meta (key TEXT NOT NULL PRIMARY KEY, value TEXT);
        """
    }()

    public func write(_ holdings: [Holding]) throws {
        do {
            try database.writeWithoutTransaction { db in
                let holdingInsert = try db.cachedStatement(sql: Self.insert("holdings", Self.holdingsColumns))
                let copyInsert = try db.cachedStatement(sql: Self.insert("copies", ["holding_id", "position"] + Self.copyColumns))
                for holding in holdings {
                    let row: [(any DatabaseValueConvertible)?] = Holding.Field.allCases.map { holding[text: $0] }
                    try holdingInsert.execute(arguments: StatementArguments(row))
                    for (index, copy) in holding.copies.enumerated() {
                        let values: [(any DatabaseValueConvertible)?] = [holding.controlNo, index &+ 1]
                            + CopiesText.keys.map { copy[keyPath: $0.path] }
                        try copyInsert.execute(arguments: StatementArguments(values))
                        copies &+= 1
                    }
                }
            }
        } catch {
            throw StateError.cannotWrite(sink.path, reason: Self.describe(error))
        }
    }

    public func finish(_ about: ExportDescription) throws {
        let meta: [(String, String?)] = [
            ("source", about.source), ("endpoint", about.endpoint), ("query", about.query),
            ("exported_at", ISO8601DateFormatter().string(from: about.exportedAt)),
            ("holdings", String(about.holdings)), ("copies", String(copies)),
            ("pages", String(about.pages)), ("requests", String(about.requests)),
            ("fields", Self.holdingsColumns.joined(separator: ",")),
        ]
        do {
            try database.writeWithoutTransaction { db in
                for (key, value) in meta {
                    try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
                }
                // Built once at the end from the table, faster than row by row.
                try db.execute(sql: """
                    CREATE VIRTUAL TABLE holdings_fts USING fts5(title, author, content='holdings', content_rowid='rowid');
                    INSERT INTO holdings_fts (holdings_fts) VALUES ('rebuild');
                    COMMIT;
                    """)
            }
            try database.close()
        } catch {
            abandon()
            throw StateError.cannotWrite(sink.path, reason: Self.describe(error))
        }
        finished = true
        try sink.commitWrittenByName()
    }

    public func abandon() {
        guard !finished else { return }
        finished = true
        try? database.close()
        sink.abandon()
    }

    private static func insert(_ table: String, _ columns: [String]) -> String {
        "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
    }

    private static func snakeCase(_ name: String) -> String {
        var out = ""
        for character in name {
            if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
        }
        return out
    }

    private static func describe(_ error: any Error) -> String {
        (error as? DatabaseError)?.message ?? String(describing: error)
    }
}
