import Foundation
import GRDB

/// The holding's columns, shared by the tables that keep whole holdings.
enum HoldingColumns {
    static let names = Holding.fieldNames

    static func define(in table: TableDefinition) {
        table.column("controlNo", .text).notNull()
        for name in names.dropFirst() { table.column(name, .text) }
    }

    static func holding(from row: Row) -> Holding {
        Holding(
            controlNo: row["controlNo"], title: row["title"], author: row["author"], publisher: row["publisher"],
            pubYear: row["pubYear"], isbn: row["isbn"], callNo: row["callNo"], materialType: row["materialType"],
            location: row["location"], regDate: row["regDate"], coverUrl: row["coverUrl"])
    }

    static func encode(_ holding: Holding, to container: inout PersistenceContainer) {
        for (name, value) in holding.fields { container[name] = value }
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
        container["fetchedAt"] = fetchedAt
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
        container["savedAt"] = savedAt
        container["sequence"] = sequence
    }
}
