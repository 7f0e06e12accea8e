/// The grid-like table of one page: control number, title, author,
/// publisher, year and cover, fitted to the width. The title takes what is
/// left; as the width shrinks, the least useful columns narrow and go first,
/// never the control number.
public struct TablePrinter {
    public var style: RenderStyle
    /// The command that shows the next page, for the footer.
    public var nextCommand: String

    /// A footer of the caller's own instead of the page's (the saved list).
    public var footer: String?

    public init(style: RenderStyle, nextCommand: String = "dlib list --next", footer: String? = nil) {
        self.style = style
        self.nextCommand = nextCommand
        self.footer = footer
    }

    private enum Kind { case id, title, author, publisher, year, availability, cover, coverShort }

    private struct Column {
        var kind: Kind
        var header: String
        var width: Int
    }

    private static let gap = "  "

    public func render(_ page: Page) -> String {
        let columns = layout(for: page.holdings)
        var lines: [String] = []
        lines.append(style.bold(row(columns.map { DisplayWidth.fit($0.header, to: $0.width) }, columns)))
        lines.append(row(columns.map { String(repeating: "─", count: $0.width) }, columns))
        for holding in page.holdings {
            lines.append(row(columns.map { cell($0, holding) }, columns))
        }
        lines.append(style.dim(DisplayWidth.truncate(footer ?? Footer.text(for: page, nextCommand: nextCommand), to: style.width)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Cells come fitted to their width; only then is any escape added.
    private func row(_ cells: [String], _ columns: [Column]) -> String {
        var line = cells.joined(separator: Self.gap)
        // The last column is not padded: no trailing blanks on a line.
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    private func cell(_ column: Column, _ holding: Holding) -> String {
        func text(_ value: String?) -> String { DisplayWidth.fit(Sanitiser.clean(value ?? ""), to: column.width) }
        switch column.kind {
        case .id: return text(holding.controlNo)
        case .title: return text(holding.title)
        case .author: return text(holding.author)
        case .publisher: return text(holding.publisher)
        case .year: return text(holding.pubYear)
        case .availability: return text(Self.availability(holding))
        case .cover, .coverShort:
            // The last column: not padded, so a line has no trailing blanks.
            let short = column.kind == .coverShort
            if holding.hasCover {
                return style.link(short ? CoverMark.presentShort : CoverMark.present, to: holding.coverUrl)
            }
            return style.dim(short ? CoverMark.missingShort : CoverMark.missing)
        }
    }

    private func layout(for holdings: [Holding]) -> [Column] {
        func natural(_ header: String, _ cap: Int, _ value: (Holding) -> String?) -> Int {
            let widest = holdings.map { DisplayWidth.of(Sanitiser.clean(value($0) ?? "")) }.max() ?? 0
            return min(max(widest, DisplayWidth.of(header)), cap)
        }
        let id = Column(kind: .id, header: "Control No.", width: natural("Control No.", 24) { $0.controlNo })
        var author: Column? = Column(kind: .author, header: "Author", width: natural("Author", 16) { $0.author })
        var publisher: Column? = Column(kind: .publisher, header: "Publisher", width: natural("Publisher", 14) { $0.publisher })
        var year: Column? = Column(kind: .year, header: "Year", width: 4)
        // Only where the source says (Pyxis): a portal page has no such column.
        var availability: Column? = holdings.contains { Self.availability($0) != nil }
            ? Column(kind: .availability, header: "Status", width: natural("Status", 12, Self.availability)) : nil
        var cover = Column(kind: .cover, header: "Cover", width: DisplayWidth.of(CoverMark.missing))
        // The title is what people scan for: it keeps two fifths of the line.
        let minimumTitle = max(14, style.width * 2 / 5)

        func fixedWidth() -> Int {
            ([id, cover] + [author, publisher, year, availability].compactMap { $0 }).reduce(0) { $0 + $1.width + Self.gap.count }
        }
        // Give way, least useful first, until the title has room.
        var step = 0
        while style.width - fixedWidth() < minimumTitle && step < 7 {
            switch step {
            case 0: if let current = publisher?.width { publisher?.width = min(current, 10) }
            case 1: if let current = author?.width { author?.width = min(current, 10) }
            case 2: publisher = nil
            case 3: cover = Column(kind: .coverShort, header: "Cv", width: 2)
            case 4: author = nil
            case 5: year = nil
            default: availability = nil
            }
            step += 1
        }
        let title = Column(kind: .title, header: "Title", width: max(style.width - fixedWidth(), 1))
        return [id, title] + [author, publisher, year, availability].compactMap { $0 } + [cover]
    }

    /// The first copy's availability, and how many more copies there are:
    /// `대출가능 +2`. The detail view lists every copy.
    static func availability(_ holding: Holding) -> String? {
        guard let first = holding.availability else { return nil }
        return holding.copies.count > 1 ? "\(first) +\(holding.copies.count - 1)" : first
    }
}
