/// What the printers may use: a width in cells, how cells are counted,
/// which characters to draw with, and on a terminal, colour and OSC 8
/// hyperlinks. Off a terminal, plain text only. The executable decides
/// (flags, environment, config file, the terminal's answers); the printers
/// only follow.
public struct RenderStyle: Sendable, Equatable {
    public var width: Int
    public var colour: Bool
    public var hyperlinks: Bool
    /// How text is measured and cut.
    public var cells: DisplayWidth
    /// What frames, rules and placeholders are drawn with.
    public var glyphs: Glyphs
    /// What the footer and other words are written in.
    public var language: Language

    public init(width: Int, colour: Bool = false, hyperlinks: Bool = false, ambiguousIsWide: Bool = false, ascii: Bool = false,
                language: Language = .english) {
        self.width = max(width, TerminalSize.minimumWidth)
        self.colour = colour
        self.hyperlinks = hyperlinks
        self.language = language
        glyphs = ascii ? .asciiOnly : .unicode
        cells = DisplayWidth(ambiguousIsWide: ambiguousIsWide, ellipsis: glyphs.ellipsis)
    }

    public static func plain(width: Int) -> RenderStyle { RenderStyle(width: width) }

    /// Whether escape sequences of any kind may be written, a progress
    /// bar's redraws too: exactly where hyperlinks may (a terminal, not
    /// `TERM=dumb`, no `--color never`).
    public var escapes: Bool { hyperlinks }

    /// A glyph repeated to fill `cells` cells (spaces make up an odd cell
    /// where the glyph takes two).
    public func repeated(_ glyph: String, cells: Int) -> String {
        let each = max(self.cells.of(glyph), 1)
        let count = max(cells, 0) / each
        return String(repeating: glyph, count: count) + String(repeating: " ", count: max(cells, 0) - count * each)
    }


    // The escapes are added after text is fitted, so they never count
    // towards a width.

    func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[22m" : text }
    func dim(_ text: String) -> String { colour ? "\u{1B}[2m\(text)\u{1B}[22m" : text }
    public func red(_ text: String) -> String { colour ? "\u{1B}[31m\(text)\u{1B}[39m" : text }
    public func green(_ text: String) -> String { colour ? "\u{1B}[32m\(text)\u{1B}[39m" : text }
    public func yellow(_ text: String) -> String { colour ? "\u{1B}[33m\(text)\u{1B}[39m" : text }

    /// An OSC 8 hyperlink around `text`, when the terminal gets them.
    func link(_ text: String, to url: String?) -> String {
        guard hyperlinks, let url else { return text }
        // The URL goes inside an escape sequence: only printable ASCII may.
        let safe = String(url.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F })
        guard !safe.isEmpty else { return text }
        return "\u{1B}]8;;\(safe)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }
}
