/// The grid-like table of one page, fitted to the width: by default id,
/// title, author, year, call number, availability and cover mark (or the
/// columns asked for). Every column gets what its values need, up to its
/// cap, before the title takes the rest; on a narrow terminal columns are
/// squeezed, then dropped, in `Columns.givingWay` order — never the id.
public struct TablePrinter {
    public var style: RenderStyle
    /// The command that shows the next page, for the footer.
    public var nextCommand: String
    /// A footer of the caller's own instead of the page's (the saved list).
    public var footer: String?
    /// The fields asked for with `--columns`; nil: `Columns.tableDefault`,
    /// less the columns nothing on the page has a value for.
    public var columns: [Holding.Field]?

    public init(style: RenderStyle, nextCommand: String = "dlib list --next", footer: String? = nil,
                columns: [Holding.Field]? = nil) {
        self.style = style
        self.nextCommand = nextCommand
        self.footer = footer
        self.columns = columns
    }

    struct Column {
        var field: Holding.Field
        var header: String
        var width: Int
        /// The cover column as a one-character mark.
        var short = false
    }

    private static let gap = "  "

    public func render(_ page: Page) -> String {
        let columns = layout(for: page.holdings)
        var lines: [String] = []
        lines.append(style.bold(row(columns.map { style.cells.fit($0.header, to: $0.width) })))
        lines.append(row(columns.map { style.repeated(style.glyphs.horizontal, cells: $0.width) }))
        for holding in page.holdings {
            lines.append(row(columns.map { cell($0, holding) }))
        }
        let footerText = footer ?? Footer.text(for: page, nextCommand: nextCommand, glyphs: style.glyphs, language: style.language)
        lines.append(style.dim(style.cells.truncate(footerText, to: style.width)))
        return lines.joined(separator: "\n") + "\n"
    }

    /// Cells come fitted to their width; only then is any escape added.
    private func row(_ cells: [String]) -> String {
        var line = cells.joined(separator: Self.gap)
        // No trailing blanks on a line.
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// The text a column shows for a holding, before fitting.
    func text(_ column: Column, _ holding: Holding) -> String {
        switch column.field {
        case .availability: return Self.availability(holding) ?? ""
        case .copies: return holding.copies.isEmpty ? "" : String(holding.copies.count)
        case .coverUrl:
            let glyphs = style.glyphs
            if holding.hasCover { return column.short ? glyphs.coverMark : glyphs.coverPresent }
            return column.short ? glyphs.shade : glyphs.coverMissing
        default: return Sanitiser.clean(holding[text: column.field] ?? "")
        }
    }

    private func cell(_ column: Column, _ holding: Holding) -> String {
        let fitted = style.cells.fit(text(column, holding), to: column.width)
        guard column.field == .coverUrl else { return fitted }
        // Escapes go around the mark, the padding outside them.
        var content = Substring(fitted)
        var padding = ""
        while content.hasSuffix(" ") { content.removeLast(); padding += " " }
        let decorated = holding.hasCover ? style.link(String(content), to: holding.coverUrl) : style.dim(String(content))
        return decorated + padding
    }

    func layout(for holdings: [Holding]) -> [Column] {
        var fields = columns ?? Columns.tableDefault.filter { field in
            // A default column nothing on the page fills is left out (a
            // portal page has no availability).
            [.callNo, .availability].contains(field) ? holdings.contains { $0[text: field] != nil } : true
        }
        if !fields.contains(.controlNo) && columns == nil { fields.insert(.controlNo, at: 0) }

        func natural(_ column: Column) -> Int {
            let widest = holdings.map { style.cells.of(text(column, $0)) }.max() ?? 0
            return min(max(widest, style.cells.of(column.header)), Columns.cap(column.field))
        }
        var table: [Column] = fields.map { field in
            var column = Column(field: field, header: Columns.header(field), width: 0)
            if field != .title { column.width = natural(column) }
            return column
        }
        let hasTitle = fields.contains(.title)
        let titleMinimum = hasTitle ? max(14, style.width * 3 / 10) : 0

        func fixed() -> Int {
            table.filter { $0.field != .title }.reduce(0) { $0 + $1.width } + Self.gap.count * max(table.count - 1, 0)
        }
        func deficit() -> Int { fixed() + titleMinimum - style.width }

        // 1. The cover becomes its one-character mark.
        if deficit() > 0, let index = table.firstIndex(where: { $0.field == .coverUrl }) {
            table[index].short = true
            table[index].header = String(Columns.header(.coverUrl).prefix(2))
            table[index].width = natural(table[index])
        }
        // 2. Columns are squeezed towards their minimum, least useful first.
        for field in Columns.givingWay where deficit() > 0 {
            guard let index = table.firstIndex(where: { $0.field == field }) else { continue }
            let floor = max(Columns.minimum(field), style.cells.of(table[index].header))
            table[index].width = max(floor, table[index].width - deficit())
        }
        // 3. Then dropped, in the same order.
        for field in Columns.givingWay where deficit() > 0 {
            table.removeAll { $0.field == field }
        }
        // Whatever is left over is the title's; without a title, the last
        // column is cut so the line fits.
        if let index = table.firstIndex(where: { $0.field == .title }) {
            table[index].width = max(style.width - fixed(), 1)
        } else if deficit() > 0, let last = table.indices.last {
            table[last].width = max(table[last].width - deficit(), 1)
        }
        return table
    }

    /// The first copy's availability, and how many more copies there are:
    /// `대출가능 +2`. The detail view lists every copy.
    /// Server text, cleaned for the terminal like every other value.
    static func availability(_ holding: Holding) -> String? {
        guard let first = holding.availability.map(Sanitiser.clean) else { return nil }
        return holding.copies.count > 1 ? "\(first) +\(holding.copies.count - 1)" : first
    }
}
