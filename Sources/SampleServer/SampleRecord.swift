import Foundation

/// One holding of the sample catalogue, by the contract's canonical element
/// names. Kept apart from dlib's own `Holding` on purpose: the server is the
/// contract's side of the tests, not a mirror of the client's model.
public struct SampleRecord: Sendable, Equatable {
    public static let fieldOrder = [
        "controlNo", "title", "author", "publisher", "pubYear", "isbn",
        "callNo", "materialType", "location", "regDate", "coverUrl",
    ]

    public var fields: [String: String]

    public init(fields: [String: String]) {
        self.fields = fields
    }

    public var controlNo: String { fields["controlNo"] ?? "" }

    /// The holding's id in the Pyxis dialect, as text: the digits of
    /// `controlNo` without leading zeros (MOE100000037 → 100000037), so
    /// both dialects name a holding by the same number. A control number
    /// without digits gets a stable number made from its bytes instead.
    public var pyxisID: String {
        let digits = controlNo.unicodeScalars.filter { $0.isASCII && ("0"..."9").contains($0) }
        let significant = String(String.UnicodeScalarView(digits)).drop { $0 == "0" }
        if !significant.isEmpty { return String(significant) }
        if !digits.isEmpty { return "0" }
        // FNV-1a: deterministic across runs, unlike Hasher.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in controlNo.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash % 900_000_000 + 100_000_000)
    }
    public subscript(name: String) -> String? { fields[name] }

    /// Title or author holds the keyword, ignoring case.
    func matches(keyword: String) -> Bool {
        let needle = keyword.lowercased()
        return (fields["title"]?.lowercased().contains(needle) ?? false)
            || (fields["author"]?.lowercased().contains(needle) ?? false)
    }
}

/// The sample catalogue on disk: one JSON object per line, a holding each.
public enum SampleCatalogue {
    public static func load(path: String) throws -> [SampleRecord] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try data.split(separator: UInt8(ascii: "\n")).map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: String] else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
            }
            return SampleRecord(fields: object)
        }
    }

    public static func jsonLines(_ records: [SampleRecord]) throws -> Data {
        var out = Data()
        for record in records {
            out += try JSONSerialization.data(withJSONObject: record.fields, options: [.sortedKeys, .withoutEscapingSlashes])
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// `Samples/catalogue.jsonl` of this checkout, found from this file.
    public static var defaultPath: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Samples/catalogue.jsonl").path
    }
}
