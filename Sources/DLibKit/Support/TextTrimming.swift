/// Unicode white space off both ends: U+3000, NBSP and the like as well
/// as ASCII, which server text has at either end.
extension String {
    func trimmingUnicodeWhitespace() -> String {
        // Fast path, the common case: printable ASCII at both ends.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
