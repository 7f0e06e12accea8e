/// `--format grid`: cards in as many columns as fit, like the apps' grid of
/// covers. Each card: a cover drawing (the placeholder where there is no
/// cover) and beside it five lines of text — by default the title on two
/// lines, author, year and control number, or the `--columns` asked for.
public struct GridPrinter {
    public var style: RenderStyle
    public var nextCommand: String
    /// A footer of the caller's own instead of the page's (the saved list).
    public var footer: String?
    /// The fields beside the cover; nil: `Columns.gridDefault`.
    public var columns: [Holding.Field]?
    /// Covers already drawn for the terminal (see Images/CoverDrawer), by
    /// control number: `coverBox.rows` lines of `coverBox.columns` cells
    /// each. A holding without one gets the placeholder.
    public var covers: [String: [String]]

    /// Narrower cards than this are not worth reading.
    static let minimumCardWidth = 32
    static let gap = 1
    static let coverWidth = 10
    static let textLines = 5

    /// The box a drawn cover must fill, in cells.
    public static let coverBox = (columns: coverWidth, rows: CoverArt.lineCount)

    public init(style: RenderStyle, nextCommand: String = "dlib list --next", footer: String? = nil, columns: [Holding.Field]? = nil,
                covers: [String: [String]] = [:]) {
        self.style = style
        self.nextCommand = nextCommand
        self.footer = footer
        self.columns = columns
        self.covers = covers
    }

    var columnsAcross: Int {
        max(1, (style.width + Self.gap) / (Self.minimumCardWidth + Self.gap))
    }

    var cardWidth: Int {
        (style.width - (columnsAcross - 1) * Self.gap) / columnsAcross
    }

    public func render(_ page: Page) -> String {
        var lines: [String] = []
        var index = 0
        while index < page.holdings.count {
            let row = page.holdings[index..<min(index + columnsAcross, page.holdings.count)]
            let cards = row.map(card)
            for line in 0..<cards[0].count {
                lines.append(cards.map { $0[line] }.joined(separator: String(repeating: " ", count: Self.gap)))
            }
            index += columnsAcross
        }
        let footer = footer ?? Footer.text(for: page, nextCommand: nextCommand, glyphs: style.glyphs, language: style.language)
        lines.append(style.dim(style.cells.truncate(footer, to: style.width)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The five text lines beside the cover: the title may take two.
    func texts(_ holding: Holding, width: Int) -> [(String, (String) -> String)] {
        var texts: [(String, (String) -> String)] = []
        for field in columns ?? Columns.gridDefault where field != .coverUrl {
            switch field {
            case .title:
                let title = TextWrap.lines(Sanitiser.clean(holding.title ?? "(untitled)"), width: width, maxLines: 2, cells: style.cells)
                texts.append((title.first ?? "", style.bold))
                texts.append((title.count > 1 ? title[1] : "", style.bold))
            case .controlNo:
                texts.append((Sanitiser.clean(holding.controlNo), style.dim))
            case .availability:
                texts.append((TablePrinter.availability(holding) ?? "", { $0 }))
            default:
                texts.append((Sanitiser.clean(holding[text: field] ?? ""), { $0 }))
            }
        }
        while texts.count < Self.textLines { texts.append(("", { $0 })) }
        return Array(texts.prefix(Self.textLines))
    }

    /// Seven lines of exactly `cardWidth` cells (escapes aside).
    func card(_ holding: Holding) -> [String] {
        let glyphs = style.glyphs
        let edge = style.cells.of(glyphs.vertical) + 1 // "│ " and " │"
        let textWidth = cardWidth - 2 * edge - Self.coverWidth - 1
        let art = CoverArt.lines(hasCover: holding.hasCover, width: Self.coverWidth, style: style)
        let texts = texts(holding, width: textWidth)
        func frame(_ left: String, _ right: String) -> String {
            left + style.repeated(glyphs.horizontal, cells: cardWidth - style.cells.of(left) - style.cells.of(right)) + right
        }
        var lines = [frame(glyphs.cardCorners.0, glyphs.cardCorners.1)]
        let picture = covers[holding.controlNo].flatMap { $0.count == art.count ? $0 : nil }
        for (row, artLine) in art.enumerated() {
            var drawn = holding.hasCover ? artLine : style.dim(artLine)
            if row == CoverArt.markLine, holding.hasCover {
                drawn = style.link(artLine, to: holding.coverUrl)
            }
            if let picture { drawn = picture[row] }
            let (text, decorate) = texts[row]
            lines.append(glyphs.vertical + " " + drawn + " " + decorate(style.cells.fit(text, to: textWidth)) + " " + glyphs.vertical)
        }
        lines.append(frame(glyphs.cardCorners.2, glyphs.cardCorners.3))
        return lines
    }
}
