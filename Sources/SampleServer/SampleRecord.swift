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
