import Foundation
import GRDB

/// The holding's columns, shared by the tables that keep whole holdings:
/// one text column per field of the one field list, named as in JSON.
enum HoldingColumns {
    /// The columns of the first schema; later fields came with migrations.
    static let firstSchema: [Holding.Field] = [
        .controlNo, .title, .author, .publisher, .pubYear, .isbn, .callNo, .materialType, .location, .regDate, .coverUrl,
    ]

    static func define(in table: TableDefinition) {
        table.column("controlNo", .text).notNull()
        for field in firstSchema.dropFirst() { table.column(field.name, .text) }
    }

    /// The fields the Pyxis source brought (migration v2). A field added
    /// later gets a migration and a list of its own: a migration that has
    /// run must never change.
    static let addedInV2: [Holding.Field] = [.place, .edition, .issn, .pages, .size, .availability, .copies]

    static func add(_ fields: [Holding.Field], to table: String, in db: Database) throws {
        try db.alter(table: table) { alteration in
            for field in fields { alteration.add(column: field.name, .text) }
        }
    }

    static func holding(from row: Row) -> Holding {
        Holding(controlNo: row["controlNo"]) { field in row[field.name] }
    }

    static func encode(_ holding: Holding, to container: inout PersistenceContainer) {
        for field in Holding.Field.allCases { container[field.name] = holding[text: field] }
    }
}
/// A holding as dlib last fetched it from an endpoint.
struct CachedHolding: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "cachedHolding"
    var endpoint: String
    var holding: Holding
    var fetchedAt: Date

    init(endpoint: String, holding: Holding, fetchedAt: Date) {
        self.endpoint = endpoint
        self.holding = holding
        self.fetchedAt = fetchedAt
    }

    init(row: Row) {
        endpoint = row["endpoint"]
        holding = HoldingColumns.holding(from: row)
        fetchedAt = row["fetchedAt"]
    }

    func encode(to container: inout PersistenceContainer) {
        container["endpoint"] = endpoint
        HoldingColumns.encode(holding, to: &container)
        container["fetchedAt"] = StoredDate.text(fetchedAt)
    }
}

/// A holding on the saved list ("담기"), whole, as it was when saved.
struct SavedHolding: FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "savedHolding"
    var endpoint: String
    var holding: Holding
    var savedAt: Date
    /// Orders the list: higher is newer, even within one clock tick.
    var sequence: Int

    init(endpoint: String, holding: Holding, savedAt: Date, sequence: Int) {
        self.endpoint = endpoint
        self.holding = holding
        self.savedAt = savedAt
        self.sequence = sequence
    }

    init(row: Row) {
        endpoint = row["endpoint"]
        holding = HoldingColumns.holding(from: row)
        savedAt = row["savedAt"]
        sequence = row["sequence"]
    }

    func encode(to container: inout PersistenceContainer) {
        container["endpoint"] = endpoint
        HoldingColumns.encode(holding, to: &container)
        container["savedAt"] = StoredDate.text(savedAt)
        container["sequence"] = sequence
    }
}
