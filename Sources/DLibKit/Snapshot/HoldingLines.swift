import Foundation

/// The form a git snapshot history keeps the catalogue in: JSON lines, one
/// holding a line with its keys in the one field list's order (as
/// `export --format jsonl` writes them), sorted by id. A holding that did
/// not change keeps the same line in the same place, however the catalogue
/// reordered itself, so `git diff` shows exactly the holdings that changed.
public struct HoldingLines: Sendable {
    public struct Entry: Sendable {
        public var id: String
        public var line: String
    }

    public private(set) var entries: [Entry] = []

    public init() {}

    public mutating func add(_ holdings: [Holding]) {
        entries += holdings.map { Entry(id: $0.controlNo, line: JSONWriter.object($0)) }
    }

    public var count: Int { entries.count }

    public func sorted() -> [Entry] {
        entries.sorted { Self.precedes($0.id, $1.id) }
    }

    /// Ids in a stable order that reads naturally: all-digit ids (Pyxis)
    /// first, by number (shorter first, then digit by digit, so 9 before
    /// 10), then the others by their UTF-8 bytes, whatever the locale.
    public static func precedes(_ left: String, _ right: String) -> Bool {
        let leftDigits = isDigits(left), rightDigits = isDigits(right)
        if leftDigits != rightDigits { return leftDigits }
        if leftDigits, left.utf8.count != right.utf8.count { return left.utf8.count < right.utf8.count }
        return left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    private static func isDigits(_ id: String) -> Bool {
        !id.isEmpty && id.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The holdings of a file in this form (or any JSON lines export).
    public static func holdings(in data: Data, name: String) throws(StateError) -> [Holding] {
        var holdings: [Holding] = []
        try forEachObject(in: data, name: name) { object, _ in
            if let holding = Holding(jsonObject: object) { holdings.append(holding) }
        }
        return holdings
    }

    /// Each id's line as a fingerprint: enough to tell added, removed and
    /// changed holdings from the last commit without keeping its text.
    static func fingerprints(in data: Data, name: String) throws(StateError) -> [String: UInt64] {
        var fingerprints: [String: UInt64] = [:]
        var number = 0
        for slice in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if slice.isEmpty { continue }
            let line = String(decoding: slice, as: UTF8.self)
            // The lines dlib writes start with the id; reading only it is
            // much quicker than parsing all 60,000 lines of a nightly run.
            if let id = plainLeadingId(line) ?? parsedId(slice) {
                fingerprints[id] = FNV1a.hash(line)
            } else {
                throw .notDlibs(name, detail: "line \(number) is not a JSON object", remedy: nil)
            }
        }
        return fingerprints
    }

    /// `{"controlNo":"ID",…` with no escape in ID: ID; anything else: nil.
    static func plainLeadingId(_ line: String) -> String? {
        let prefix = #"{"controlNo":""#
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.utf8.dropFirst(prefix.utf8.count)
        guard let end = rest.firstIndex(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }),
              rest[end] == UInt8(ascii: "\"") else { return nil }
        return String(decoding: rest[..<end], as: UTF8.self)
    }

    private static func parsedId(_ slice: Data.SubSequence) -> String? {
        ((try? JSONSerialization.jsonObject(with: Data(slice))) as? [String: Any])?["controlNo"] as? String
    }

    private static func forEachObject(in data: Data, name: String, _ body: ([String: Any], String) -> Void) throws(StateError) {
        var number = 0
        for slice in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            if slice.isEmpty { continue }
            guard let object = (try? JSONSerialization.jsonObject(with: Data(slice))) as? [String: Any] else {
                throw .notDlibs(name, detail: "line \(number) is not a JSON object", remedy: nil)
            }
            body(object, String(decoding: slice, as: UTF8.self))
        }
    }
}
