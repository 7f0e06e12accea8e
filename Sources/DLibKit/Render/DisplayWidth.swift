import CShims

/// Width of text in terminal cells: Hangul, CJK, fullwidth forms and emoji
/// take two, combining marks and zero-width characters none. Measured per
/// grapheme cluster, so a cluster is never split or counted twice.
public enum DisplayWidth {
    public static func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
        // An emoji shown as a picture takes two cells, whatever follows it.
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && scalars.contains(where: { $0.value == 0xFE0F })) {
            return 2
        }
        return max(scalarWidth(first), 0)
    }

    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let width = Int(dlib_wcwidth(scalar.value))
        if width >= -1 { return width }
        // No UTF-8 locale on this machine: the few ranges that matter.
        switch scalar.value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F: return 0
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default: return 1
        }
    }

    /// Cut to at most `width` cells, ending with `…` when anything was cut;
    /// never splits a wide character or a grapheme cluster.
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        var result = ""
        var used = 0
        for character in text {
            let cells = of(character)
            if used + cells > width - 1 { break }
            result.append(character)
            used += cells
        }
        return result + "…"
    }

    /// Truncated or padded with spaces to exactly `width` cells.
    public static func fit(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        let cells = of(cut)
        return cells < width ? cut + String(repeating: " ", count: width - cells) : cut
    }
}
