import Foundation

/// The copies of a holding as one piece of text, for the places that hold
/// a field as text (a CSV cell, a store column, the fingerprint): a JSON
/// array of objects with the `Copy` names, missing values left out. The
/// JSON output carries the same array as JSON.
public enum CopiesText {
    static let keys: [(name: String, path: WritableKeyPath<Copy, String?> & Sendable)] = [
        ("location", \.location), ("callNo", \.callNo), ("availability", \.availability),
        ("stateCode", \.stateCode), ("dueDate", \.dueDate), ("barcode", \.barcode),
    ]

    public static func encode(_ copies: [Copy]) -> String {
        "[" + copies.map { copy in
            "{" + keys.compactMap { key in
                copy[keyPath: key.path].map { JSONText.quote(key.name) + ":" + JSONText.quote($0) }
            }.joined(separator: ",") + "}"
        }.joined(separator: ",") + "]"
    }

    /// Text that is not such an array reads as no copies: a cell edited by
    /// hand must not stop a diff.
    public static func decode(_ text: String) -> [Copy] {
        guard let array = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else { return [] }
        return decode(array)
    }

    /// From already-parsed JSON objects (a JSON export read back).
    public static func decode(_ array: [Any]) -> [Copy] {
        array.compactMap { element in
            guard let object = element as? [String: Any] else { return nil }
            var copy = Copy()
            for key in keys {
                if let value = object[key.name] as? String, !value.isEmpty { copy[keyPath: key.path] = value }
            }
            return copy
        }
    }
}
