import Foundation

/// The previous snapshot, reduced to a fingerprint per control number, so
/// the new one is diffed as it streams without holding either in memory.
public struct SnapshotBaseline: Sendable {
    public private(set) var fingerprints: [String: UInt64] = [:]

    public init() {}

    public init(csvAt path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        var reader = CSVReader(bytes: Array(data))
        let layout = try reader.next().flatMap(HoldingRow.Layout.init(header:)) ?? .current
        while let row = try reader.next() {
            guard let holding = layout.holding(row) else { continue }
            fingerprints[holding.controlNo] = Self.fingerprint(holding)
        }
    }

    public var count: Int { fingerprints.count }

    /// The same for a holding read back from a CSV row as for the one it was
    /// written from: missing and empty fields are both empty here.
    public static func fingerprint(_ holding: Holding) -> UInt64 {
        FNV1a.hash(HoldingRow.values(holding).joined(separator: "\u{1F}"))
    }
}

/// Counts of a streaming diff against a baseline.
public struct SnapshotChanges: Sendable, Equatable {
    public var added = 0
    public var changed = 0
    public var removed = 0
    private var matched = 0

    public init() {}

    public mutating func observe(_ holding: Holding, against baseline: SnapshotBaseline) {
        guard let old = baseline.fingerprints[holding.controlNo] else {
            added += 1
            return
        }
        matched += 1
        if old != SnapshotBaseline.fingerprint(holding) { changed += 1 }
    }

    public mutating func finish(against baseline: SnapshotBaseline) {
        removed = baseline.count - matched
    }
}
