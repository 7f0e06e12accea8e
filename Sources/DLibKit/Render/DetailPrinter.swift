/// `dlib show ID`: every field of one holding, labelled and wrapped to the
/// width, the registration date written out for people, and a placeholder
/// box where the holding has no cover.
public struct DetailPrinter {
    public var style: RenderStyle
    public var language: Language

    /// The cover drawn for the terminal (see Images/CoverDrawer), shown
    /// under its URL: `coverBox` lines, each `coverBox.columns` cells.
    public var cover: [String]?

    public static let coverBox = (columns: 24, rows: 12)

    public init(style: RenderStyle, language: Language = .english, cover: [String]? = nil) {
        self.style = style
        self.language = language
        self.cover = cover
    }

    static let labelWidth = 15

    /// Shown on every holding, with `—` when missing; the other fields of
    /// the one list only when the source sent them.
    static let alwaysShown: Set<Holding.Field> = [
        .controlNo, .title, .author, .publisher, .pubYear, .isbn, .callNo, .materialType, .location, .regDate,
    ]

    public func render(_ holding: Holding) -> String {
        let valueWidth = style.width - Self.labelWidth
        let indent = String(repeating: " ", count: Self.labelWidth)
        var lines: [String] = []
        // A heading of at most two lines; the Title field below has it all.
        for title in TextWrap.lines(Sanitiser.clean(holding.title ?? "(untitled)"), width: style.width, maxLines: 2, cells: style.cells) {
            lines.append(style.bold(title))
        }
        lines.append("")
        func add(_ label: String, _ value: String) {
            let wrapped = TextWrap.lines(value, width: valueWidth, cells: style.cells)
            for (index, line) in (wrapped.isEmpty ? [style.glyphs.dash] : wrapped).enumerated() {
                lines.append((index == 0 ? style.dim(style.cells.fit(label, to: Self.labelWidth)) : indent) + line)
            }
        }
        for field in Holding.Field.allCases where field != .coverUrl && field != .copies {
            guard let raw = holding[text: field] else {
                if Self.alwaysShown.contains(field) { add(field.label, style.glyphs.dash) }
                continue
            }
            let value = Sanitiser.clean(raw)
            add(field.label, field == .regDate ? PeopleDate.text(value, language: language) : value)
        }
        for (index, copy) in holding.copies.enumerated() {
            add(index == 0 ? "Copies" : "", Self.describe(copy, glyphs: style.glyphs))
        }
        let coverLabel = style.dim(style.cells.fit("Cover", to: Self.labelWidth))
        if let url = holding.coverUrl {
            let clean = Sanitiser.clean(url)
            // A URL has no spaces to wrap at: it is cut into width-sized runs.
            let runs = TextWrap.lines(clean, width: valueWidth, cells: style.cells)
            for (index, run) in runs.enumerated() {
                lines.append((index == 0 ? coverLabel : indent) + style.link(run, to: url))
            }
            for line in cover ?? [] { lines.append(indent + line) }
        } else {
            let art = CoverArt.lines(hasCover: false, width: 12, style: style)
            for (index, line) in art.enumerated() {
                lines.append((index == 0 ? coverLabel : indent) + style.dim(line))
            }
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }
}

extension DetailPrinter {
    /// One copy on one line: where, call number, availability, due date.
    static func describe(_ copy: Copy, glyphs: Glyphs) -> String {
        var parts = [copy.location, copy.callNo, copy.availability].compactMap { $0 }.map(Sanitiser.clean)
        if let due = copy.dueDate { parts.append("due " + Sanitiser.clean(due)) }
        return parts.isEmpty ? glyphs.dash : parts.joined(separator: " \(glyphs.separator) ")
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
