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
        // Rare: non-ASCII white space (U+3000, NBSP…) at either end.
        if bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 {
            let trimmed = text.trimmingUnicodeWhitespace()
            return trimmed.isEmpty ? nil : trimmed
        }
        return text
    }

    private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

extension String {
    func trimmingUnicodeWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
