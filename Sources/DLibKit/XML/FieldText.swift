/// Turns the bytes of one element's text into the value the contract means:
/// surrounding whitespace trimmed, and empty meaning missing.
enum FieldText {
    static func value(_ bytes: ArraySlice<UInt8>) -> String? {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isASCIISpace(bytes[start]) { start += 1 }
        while end > start, isASCIISpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return nil }
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        // Rare: non-ASCII white space (U+3000, NBSP…) at either end. Every
        // such character's UTF-8 starts with C2, E1, E2 or E3; Hangul and
        // most CJK do not, so they skip the slow check.
        if Self.mayBeUnicodeSpace(leadingAt: bytes[start]) || Self.mayBeUnicodeSpace(trailing: bytes[..<end]) {
            let trimmed = text.trimmingUnicodeWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        return text
    }

    private static func mayBeUnicodeSpace(leadingAt byte: UInt8) -> Bool {
        byte == 0xC2 || (byte >= 0xE1 && byte <= 0xE3)
    }

    /// The lead byte of the last character of `bytes`.
    private static func mayBeUnicodeSpace(trailing bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.endIndex - 1
        while index > bytes.startIndex, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return bytes[index] >= 0x80 && mayBeUnicodeSpace(leadingAt: bytes[index])
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
