/// Word wrapping in terminal cells, for titles in cards and values in the
/// detail view. Breaks at spaces; a word wider than the line is broken
/// between grapheme clusters, never inside one.
public enum TextWrap {
    public static func lines(_ text: String, width: Int, maxLines: Int = .max) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]

        while let word = words.popFirst() {
            let wordWidth = DisplayWidth.of(word)
            let needed = currentWidth == 0 ? wordWidth : currentWidth + 1 + wordWidth
            if needed <= width {
                current += currentWidth == 0 ? word : " " + word
                currentWidth = needed
                continue
            }
            if currentWidth > 0 {
                lines.append(current)
                current = ""
                currentWidth = 0
            }
            if wordWidth <= width {
                current = word
                currentWidth = wordWidth
            } else {
                // Too wide for any line: fill this one and carry the rest.
                var head = ""
                var headWidth = 0
                var rest = Substring(word)
                while let character = rest.first, headWidth + DisplayWidth.of(character) <= width {
                    head.append(character)
                    headWidth += DisplayWidth.of(character)
                    rest = rest.dropFirst()
                }
                if head.isEmpty, let character = rest.first { // a 2-cell character on a 1-cell line
                    head = String(character)
                    rest = rest.dropFirst()
                }
                lines.append(head)
                if !rest.isEmpty { words.insert(String(rest), at: words.startIndex) }
            }
        }
        if currentWidth > 0 { lines.append(current) }
        guard lines.count > maxLines else { return lines }
        // Mark what was cut on the last line kept.
        var kept = Array(lines.prefix(maxLines))
        kept[maxLines - 1] = DisplayWidth.truncate(kept[maxLines - 1] + " " + lines[maxLines], to: width)
        if !kept[maxLines - 1].hasSuffix("…") {
            kept[maxLines - 1] = DisplayWidth.truncate(kept[maxLines - 1], to: width - 1) + "…"
        }
        return kept
    }
}
