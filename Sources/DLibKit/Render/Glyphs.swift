/// The characters dlib draws with — frames, rules, placeholders, the
/// progress bar, the marks between words — in box-drawing Unicode, or in
/// ASCII only (`--ascii`, `TERM=dumb`, a `C` locale), where a terminal or a
/// font has nothing better. Data from the catalogue is never changed: only
/// what dlib draws around it.
public struct Glyphs: Sendable, Equatable {
    public var horizontal: String
    public var vertical: String
    /// A box's corners: top left, top right, bottom left, bottom right.
    public var corners: (String, String, String, String)
    /// A card's corners, rounded where the font has them.
    public var cardCorners: (String, String, String, String)
    /// The fill of a placeholder where there is no cover.
    public var shade: String
    /// The mark of a holding that has a cover.
    public var coverMark: String
    /// Between the parts of a footer or a copy's line.
    public var separator: String
    /// `old → new` in a diff.
    public var arrow: String
    public var barFilled: String
    public var barEmpty: String
    public var ellipsis: String
    /// Where a field has no value.
    public var dash: String
    public var ascii: Bool

    public static let unicode = Glyphs(
        horizontal: "─", vertical: "│", corners: ("┌", "┐", "└", "┘"), cardCorners: ("╭", "╮", "╰", "╯"),
        shade: "░", coverMark: "▣", separator: "·", arrow: "→", barFilled: "█", barEmpty: "░", ellipsis: "…", dash: "—", ascii: false)

    public static let asciiOnly = Glyphs(
        horizontal: "-", vertical: "|", corners: ("+", "+", "+", "+"), cardCorners: ("+", "+", "+", "+"),
        shade: ".", coverMark: "#", separator: "|", arrow: "->", barFilled: "#", barEmpty: ".", ellipsis: "~", dash: "-", ascii: true)

    public static func == (lhs: Glyphs, rhs: Glyphs) -> Bool { lhs.ascii == rhs.ascii }

    /// `▣ cover` / `░ no cover` and their one-cell forms, for the table.
    public var coverPresent: String { coverMark + " cover" }
    public var coverMissing: String { shade + " no cover" }
}
