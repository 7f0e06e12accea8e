import Foundation

/// What a snapshot's `.json` beside its CSV says about it.
public struct SnapshotManifest: Codable, Sendable, Equatable {
    public var file: String
    public var count: Int
    public var totalCount: Int?
    public var added: Int
    public var removed: Int
    public var changed: Int
    public var startedAt: String
    public var finishedAt: String
    public var requests: Int
    public var sha256: String
    /// The snapshot it was diffed against, if there was one.
    public var previous: String?
    /// False when the shrink guard kept it from becoming latest.csv.
    public var promoted: Bool

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }
}
