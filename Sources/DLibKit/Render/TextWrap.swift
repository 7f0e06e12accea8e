/// Word wrapping in terminal cells, for titles in cards and values in the
/// detail view and the diff. Breaks at spaces; a word wider than the line
/// is broken between grapheme clusters, never inside one. One pass over the
/// text, stopping once the lines asked for are filled, so a megabyte of
/// server text without a space costs no more than reading it.
public enum TextWrap {
    public static func lines(_ text: String, width: Int, maxLines: Int = .max, cells: DisplayWidth) -> [String] {
        guard width > 0, maxLines > 0 else { return [] }
        // One line more than kept tells whether anything was cut.
        let enough = maxLines == .max ? Int.max : maxLines + 1
        var lines: [String] = []
        var current = ""
        var currentWidth = 0
        func endLine() {
            lines.append(current)
            current = ""
            currentWidth = 0
        }
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            guard lines.count < enough else { break }
            let wordWidth = cells.of(String(word))
            if currentWidth > 0, currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if currentWidth > 0 { endLine() }
            if wordWidth <= width {
                current = String(word)
                currentWidth = wordWidth
                continue
            }
            // Too wide for any line: fill lines with it, cluster by cluster;
            // what is left starts the next line (a 2-cell character on a
            // 1-cell line gets a line of its own).
            for character in word {
                guard lines.count < enough else { break }
                let characterWidth = cells.of(character)
                if currentWidth > 0, currentWidth + characterWidth > width { endLine() }
                current.append(character)
                currentWidth += characterWidth
            }
        }
        if currentWidth > 0, lines.count < enough { lines.append(current) }
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
