/// The grid-like table of one page: control number, title, author,
/// publisher, year and cover, fitted to the width. The title takes what is
/// left; as the width shrinks, the least useful columns narrow and go first,
/// never the control number.
public struct TablePrinter {
    public var width: Int
    /// The command that shows the next page, for the footer.
    public var nextCommand: String

    public init(width: Int, nextCommand: String = "dlib list --next") {
        self.width = max(width, TerminalSize.minimumWidth)
        self.nextCommand = nextCommand
    }

    private struct Column {
        var title: String
        var width: Int
        var value: (Holding) -> String
    }

    private static let gap = "  "

    public func render(_ page: Page) -> String {
        let columns = layout(for: page.holdings)
        var lines: [String] = []
        lines.append(row(columns.map(\.title), columns))
        lines.append(row(columns.map { String(repeating: "─", count: $0.width) }, columns))
        for holding in page.holdings {
            lines.append(row(columns.map { Sanitiser.clean($0.value(holding)) }, columns))
        }
        lines.append(DisplayWidth.truncate(footer(for: page), to: width))
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ cells: [String], _ columns: [Column]) -> String {
        var line = ""
        for (index, (cell, column)) in zip(cells, columns).enumerated() {
            let last = index == columns.count - 1
            line += last ? DisplayWidth.truncate(cell, to: column.width) : DisplayWidth.fit(cell, to: column.width) + Self.gap
        }
        return line
    }

    public func footer(for page: Page) -> String {
        guard let total = page.totalCount, let pages = page.totalPages else {
            return "page \(page.pageNo)"
        }
        let where_ = page.hasNext ? "next: \(nextCommand)" : "last page"
        return "page \(page.pageNo) of \(NumberText.grouped(pages)) · \(NumberText.grouped(total)) holdings · \(where_)"
    }

    private func layout(for holdings: [Holding]) -> [Column] {
        func natural(_ header: String, _ cap: Int, _ value: (Holding) -> String?) -> Int {
            let widest = holdings.map { DisplayWidth.of(Sanitiser.clean(value($0) ?? "")) }.max() ?? 0
            return min(max(widest, DisplayWidth.of(header)), cap)
        }
        let idWidth = natural("Control No.", 24) { $0.controlNo }
        let id = Column(title: "Control No.", width: idWidth) { $0.controlNo }
        var title = Column(title: "Title", width: 0) { $0.title ?? "" }
        var author: Column? = Column(title: "Author", width: natural("Author", 16) { $0.author }) { $0.author ?? "" }
        var publisher: Column? = Column(title: "Publisher", width: natural("Publisher", 14) { $0.publisher }) { $0.publisher ?? "" }
        var year: Column? = Column(title: "Year", width: 4) { $0.pubYear ?? "" }
        var cover = Column(title: "Cover", width: DisplayWidth.of(CoverMark.missing)) {
            $0.hasCover ? CoverMark.present : CoverMark.missing
        }
        // The title is what people scan for: it keeps two fifths of the line.
        let minimumTitle = max(14, width * 2 / 5)

        func fixedWidth() -> Int {
            let others = [id, cover] + [author, publisher, year].compactMap { $0 }
            return others.reduce(0) { $0 + $1.width + Self.gap.count }
        }
        // Give way, least useful first, until the title has room.
        var step = 0
        while width - fixedWidth() < minimumTitle && step < 6 {
            switch step {
            case 0: if let current = publisher?.width { publisher?.width = min(current, 10) }
            case 1: if let current = author?.width { author?.width = min(current, 10) }
            case 2: publisher = nil
            case 3: cover = Column(title: "Cv", width: 2) { $0.hasCover ? CoverMark.presentShort : CoverMark.missingShort }
            case 4: author = nil
            default: year = nil
            }
            step += 1
        }
        title.width = max(width - fixedWidth(), 1)
        return [id, title] + [author, publisher, year].compactMap { $0 } + [cover]
    }
}
