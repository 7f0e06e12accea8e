/// The small drawings that stand where a cover would: a shaded
/// placeholder box where the holding has none (as the apps show a grey
/// image), a framed mark where it has one. Each line is `width` cells,
/// whatever the glyphs and however wide the terminal draws them.
enum CoverArt {
    /// Five lines, `width` cells each (at least 8).
    static func lines(hasCover: Bool, width: Int, style: RenderStyle) -> [String] {
        let glyphs = style.glyphs
        let cells = style.cells
        let width = max(width, 8)
        func frame(_ left: String, _ right: String) -> String {
            left + style.repeated(glyphs.horizontal, cells: width - cells.of(left) - cells.of(right)) + right
        }
        let inner = width - 2 * cells.of(glyphs.vertical)
        func row(_ content: String) -> String { glyphs.vertical + content + glyphs.vertical }
        let top = frame(glyphs.corners.0, glyphs.corners.1)
        let bottom = frame(glyphs.corners.2, glyphs.corners.3)
        if hasCover {
            let blank = row(String(repeating: " ", count: inner))
            return [top, blank, row(centred(glyphs.coverPresent, inner, style: style)), blank, bottom]
        }
        let shade = row(style.repeated(glyphs.shade, cells: inner))
        return [top, shade, row(centred("no cover", inner, style: style, fill: glyphs.shade)), shade, bottom]
    }

    static let lineCount = 5

    /// The mark's line, where a terminal may wrap it in a hyperlink.
    static let markLine = 2

    static func centred(_ text: String, _ width: Int, style: RenderStyle, fill: String = " ") -> String {
        let cut = style.cells.truncate(text, to: width)
        let free = width - style.cells.of(cut)
        let left = free / 2
        return style.repeated(fill, cells: left) + cut + style.repeated(fill, cells: free - left)
    }
}
