/// Percent-encoding of query values, per RFC 3986: everything but the
/// unreserved characters is escaped, byte by byte of its UTF-8.
enum PercentEncoding {
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
             UInt8(ascii: "a")...UInt8(ascii: "f"):
            return true
        default:
            return false
        }
    }

    private static let hex = Array("0123456789ABCDEF".utf8)

    /// Escapes every byte that is not unreserved; `keepEscapes` leaves
    /// existing `%XX` sequences as they are.
    static func encode(_ value: String, keepEscapes: Bool = false) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.utf8.count)
        for byte in value.utf8 {
            if isUnreserved(byte) || (keepEscapes && byte == UInt8(ascii: "%")) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// True when the value holds at least one `%XX` escape and every `%` in
    /// it starts one: a key the portal handed out already encoded.
    static func isAlreadyEncoded(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        var sawEscape = false
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count,
                      isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                else { return false }
                sawEscape = true
                index += 3
            } else {
                index += 1
            }
        }
        return sawEscape
    }
}
