/// `--format grid`: cards in as many columns as fit, like the apps' grid of
/// covers. Each card: a cover drawing (the placeholder where there is no
/// cover), the title on two lines, author, year and control number.
public struct GridPrinter {
    public var style: RenderStyle
    public var nextCommand: String

    /// Narrower cards than this are not worth reading.
    static let minimumCardWidth = 32
    static let gap = 1
    static let coverWidth = 10

    /// A footer of the caller's own instead of the page's (the saved list).
    public var footer: String?

    /// Covers already drawn for the terminal (see Images/CoverDrawer), by
    /// control number: `coverLines` lines of `coverWidth` cells each. A
    /// holding without one gets the placeholder.
    public var covers: [String: [String]]

    /// The box a drawn cover must fill, in cells.
    public static let coverBox = (columns: coverWidth, rows: CoverArt.lineCount)

    public init(style: RenderStyle, nextCommand: String = "dlib list --next", footer: String? = nil,
                covers: [String: [String]] = [:]) {
        self.style = style
        self.nextCommand = nextCommand
        self.footer = footer
        self.covers = covers
    }

    var columns: Int {
        max(1, (style.width + Self.gap) / (Self.minimumCardWidth + Self.gap))
    }

    var cardWidth: Int {
        (style.width - (columns - 1) * Self.gap) / columns
    }

    public func render(_ page: Page) -> String {
        var lines: [String] = []
        var index = 0
        while index < page.holdings.count {
            let row = page.holdings[index..<min(index + columns, page.holdings.count)]
            let cards = row.map(card)
            for line in 0..<cards[0].count {
                lines.append(cards.map { $0[line] }.joined(separator: String(repeating: " ", count: Self.gap)))
            }
            index += columns
        }
        let footer = footer ?? Footer.text(for: page, nextCommand: nextCommand)
        lines.append(style.dim(DisplayWidth.truncate(footer, to: style.width)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Seven lines of exactly `cardWidth` cells (escapes aside).
    func card(_ holding: Holding) -> [String] {
        let inner = cardWidth - 4 // "│ " and " │"
        let textWidth = inner - Self.coverWidth - 1
        let art = CoverArt.lines(hasCover: holding.hasCover, width: Self.coverWidth)
        let title = TextWrap.lines(Sanitiser.clean(holding.title ?? "(untitled)"), width: textWidth, maxLines: 2)
        let texts: [(String, (String) -> String)] = [
            (title.first ?? "", style.bold),
            (title.count > 1 ? title[1] : "", style.bold),
            (Sanitiser.clean(holding.author ?? ""), { $0 }),
            (Sanitiser.clean(holding.pubYear ?? ""), { $0 }),
            (Sanitiser.clean(holding.controlNo), style.dim),
        ]
        var lines = ["╭" + String(repeating: "─", count: cardWidth - 2) + "╮"]
        let picture = covers[holding.controlNo].flatMap { $0.count == art.count ? $0 : nil }
        for (row, artLine) in art.enumerated() {
            var drawn = holding.hasCover ? artLine : style.dim(artLine)
            if row == CoverArt.markLine, holding.hasCover {
                drawn = style.link(artLine, to: holding.coverUrl)
            }
            if let picture { drawn = picture[row] }
            let (text, decorate) = texts[row]
            lines.append("│ " + drawn + " " + decorate(DisplayWidth.fit(text, to: textWidth)) + " │")
        }
        lines.append("╰" + String(repeating: "─", count: cardWidth - 2) + "╯")
        return lines
    }
}
