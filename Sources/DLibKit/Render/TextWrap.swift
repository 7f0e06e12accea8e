/// Word wrapping in terminal cells, for titles in cards and values in the
/// detail view. Breaks at spaces; a word wider than the line is broken
/// between grapheme clusters, never inside one.
public enum TextWrap {
    public static func lines(_ text: String, width: Int, maxLines: Int = .max, cells: DisplayWidth) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        var words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)[...]

        while let word = words.popFirst() {
            let wordWidth = cells.of(word)
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
                while let character = rest.first, headWidth + cells.of(character) <= width {
                    head.append(character)
                    headWidth += cells.of(character)
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
        kept[maxLines - 1] = cells.truncate(kept[maxLines - 1] + " " + lines[maxLines], to: width)
        if !kept[maxLines - 1].hasSuffix(cells.ellipsis) {
            // It fitted whole: make room for the mark at its end.
            var last = kept[maxLines - 1]
            while !last.isEmpty, cells.of(last) + cells.of(cells.ellipsis) > width { last.removeLast() }
            kept[maxLines - 1] = last + cells.ellipsis
        }
        return kept
    }
}
