/// `dlib show ID`: every field of one holding, labelled and wrapped to the
/// width, the registration date written out for people, and a placeholder
/// box where the holding has no cover.
public struct DetailPrinter {
    public var style: RenderStyle
    public var language: PeopleDate.Language

    public init(style: RenderStyle, language: PeopleDate.Language = .english) {
        self.style = style
        self.language = language
    }

    static let labelWidth = 15

    private var labels: [(name: String, label: String)] {
        [
            ("controlNo", "Control No."), ("title", "Title"), ("author", "Author"),
            ("publisher", "Publisher"), ("pubYear", "Year"), ("isbn", "ISBN"),
            ("callNo", "Call No."), ("materialType", "Material"), ("location", "Location"),
            ("regDate", "Registered"),
        ]
    }

    public func render(_ holding: Holding) -> String {
        let valueWidth = style.width - Self.labelWidth
        let indent = String(repeating: " ", count: Self.labelWidth)
        var lines: [String] = []
        // A heading of at most two lines; the Title field below has it all.
        for title in TextWrap.lines(Sanitiser.clean(holding.title ?? "(untitled)"), width: style.width, maxLines: 2) {
            lines.append(style.bold(title))
        }
        lines.append("")
        let values = Dictionary(uniqueKeysWithValues: holding.fields.map { ($0.name, $0.value) })
        for (name, label) in labels {
            var value = values[name].flatMap { $0 }.map(Sanitiser.clean) ?? "—"
            if name == "regDate", let date = holding.regDate {
                value = PeopleDate.text(Sanitiser.clean(date), language: language)
            }
            let wrapped = TextWrap.lines(value, width: valueWidth)
            for (index, line) in (wrapped.isEmpty ? ["—"] : wrapped).enumerated() {
                lines.append((index == 0 ? style.dim(DisplayWidth.fit(label, to: Self.labelWidth)) : indent) + line)
            }
        }
        let coverLabel = style.dim(DisplayWidth.fit("Cover", to: Self.labelWidth))
        if let url = holding.coverUrl {
            let clean = Sanitiser.clean(url)
            // A URL has no spaces to wrap at: it is cut into width-sized runs.
            let runs = TextWrap.lines(clean, width: valueWidth)
            for (index, run) in runs.enumerated() {
                lines.append((index == 0 ? coverLabel : indent) + style.link(run, to: url))
            }
        } else {
            let art = CoverArt.lines(hasCover: false, width: 12)
            for (index, line) in art.enumerated() {
                lines.append((index == 0 ? coverLabel : indent) + style.dim(line))
            }
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var copy = self
        while copy.hasSuffix(" ") { copy.removeLast() }
        return copy
    }
}
