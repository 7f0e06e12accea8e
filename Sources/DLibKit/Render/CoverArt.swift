/// The small drawings that stand where a cover would: a shaded
/// placeholder box where the holding has none (as the apps show a grey
/// image), a framed mark where it has one. Each line is `width` cells.
enum CoverArt {
    /// Five lines, `width` cells each (at least 8).
    static func lines(hasCover: Bool, width: Int) -> [String] {
        let inner = max(width - 2, 6)
        let top = "┌" + String(repeating: "─", count: inner) + "┐"
        let bottom = "└" + String(repeating: "─", count: inner) + "┘"
        if hasCover {
            let blank = "│" + String(repeating: " ", count: inner) + "│"
            return [top, blank, "│" + centred("▣ cover", inner) + "│", blank, bottom]
        }
        let shade = "│" + String(repeating: "░", count: inner) + "│"
        return [top, shade, "│" + centred("no cover", inner, fill: "░") + "│", shade, bottom]
    }

    static let lineCount = 5

    /// The mark's line, where a terminal may wrap it in a hyperlink.
    static let markLine = 2

    static func centred(_ text: String, _ width: Int, fill: Character = " ") -> String {
        let cut = DisplayWidth.truncate(text, to: width)
        let free = width - DisplayWidth.of(cut)
        let left = free / 2
        return String(repeating: fill, count: left) + cut + String(repeating: fill, count: free - left)
    }
}
