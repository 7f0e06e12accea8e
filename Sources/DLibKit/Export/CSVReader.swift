/// Reads RFC 4180 CSV (CRLF or LF, quoted fields with doubled quotes and
/// line breaks, a leading UTF-8 byte order mark) row by row.
public struct CSVReader {
    private let bytes: [UInt8]
    private var index: Int

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    public enum Failure: Error, Equatable {
        case unterminatedQuote(row: Int)
    }

    private var rowNumber = 0

    /// The next row, or nil at the end.
    public mutating func next() throws(Failure) -> [String]? {
        guard index < bytes.count else { return nil }
        rowNumber += 1
        var fields: [String] = []
        var field: [UInt8] = []
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") && field.isEmpty {
                index += 1
                var closed = false
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(UInt8(ascii: "\""))
                            index += 2
                            continue
                        }
                        index += 1
                        closed = true
                        break
                    }
                    field.append(bytes[index])
                    index += 1
                }
                if !closed { throw .unterminatedQuote(row: rowNumber) }
                continue
            }
            if byte == UInt8(ascii: ",") {
                fields.append(String(decoding: field, as: UTF8.self))
                field.removeAll(keepingCapacity: true)
                index += 1
                continue
            }
            if byte == 0x0D || byte == 0x0A {
                index += (byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) ? 2 : 1
                break
            }
            field.append(byte)
            index += 1
        }
        fields.append(String(decoding: field, as: UTF8.self))
        return fields
    }
}
