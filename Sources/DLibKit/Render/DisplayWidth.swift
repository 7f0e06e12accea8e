import CShims

/// Width of text in terminal cells: Hangul, CJK, fullwidth forms and emoji
/// take two, combining marks and zero-width characters none. Measured per
/// grapheme cluster, so a cluster is never split or counted twice.
///
/// East Asian Ambiguous characters (`·`, `…`, `─`, `│`, `■`, `※`, `°`, Greek,
/// Cyrillic) take one cell in most Western terminals and two in Korean,
/// Chinese and Japanese ones (and in vim or tmux with `ambiwidth=double`):
/// a measure says which, and every printer measures with the same one.
public struct DisplayWidth: Sendable, Equatable {
    /// Ambiguous characters take two cells.
    public var ambiguousIsWide: Bool
    /// What ends a cut: `…`, or `~` where only ASCII may be drawn.
    public var ellipsis: String

    public init(ambiguousIsWide: Bool = false, ellipsis: String = "…") {
        self.ambiguousIsWide = ambiguousIsWide
        self.ellipsis = ellipsis
    }

    /// One cell for ambiguous characters, `…` for cuts: most terminals.
    public static let standard = DisplayWidth()

    public func of(_ text: String) -> Int {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    public func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
        // An emoji shown as a picture takes two cells, whatever follows it.
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && character.unicodeScalars.contains(where: { $0.value == 0xFE0F })) {
            return 2
        }
        let width = max(Self.scalarWidth(first), 0)
        if width == 1, ambiguousIsWide, Self.isAmbiguous(first) { return 2 }
        return width
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

    /// Unicode's East Asian Width says Ambiguous (a binary search of the
    /// generated table).
    public static func isAmbiguous(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        var low = 0
        var high = ambiguousWidthRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ambiguousWidthRanges[middle]
            if value < range.lowerBound { high = middle - 1 } else if value > range.upperBound { low = middle + 1 } else { return true }
        }
        return false
    }

    /// Cut to at most `width` cells, ending with the ellipsis when anything
    /// was cut; never splits a wide character or a grapheme cluster.
    public func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let mark = of(ellipsis) <= width ? ellipsis : ""
        let room = width - of(mark)
        var result = ""
        var used = 0
        for character in text {
            let cells = of(character)
            if used + cells > room { break }
            result.append(character)
            used += cells
        }
        return result + mark
    }

    /// Truncated or padded with spaces to exactly `width` cells.
    public func fit(_ text: String, to width: Int) -> String {
        let cut = truncate(text, to: width)
        let cells = of(cut)
        return cells < width ? cut + String(repeating: " ", count: width - cells) : cut
    }
}
