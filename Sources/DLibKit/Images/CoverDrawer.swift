import CImages

/// Draws a cover into a box of terminal cells with libchafa, as lines the
/// printers put where the placeholder was: exactly `rows` lines, each
/// taking exactly `columns` cells on screen, the picture centred in the
/// box with its aspect ratio kept.
///
/// Blocks are text: each line carries its own part of the picture. A
/// pixel protocol places one picture over the cells instead, so the box's
/// lines are blank (spaces are printed before the picture, never over
/// it) and the picture goes on the box's last line: saved cursor, up to
/// the box's top, the picture, restored cursor, then a cursor move past
/// the box. Being drawn last, the picture never makes the screen scroll
/// between its placement and the text beside it.
public struct CoverDrawer: Sendable {
    public var mode: DrawMode
    /// One cell's size in pixels (the terminal's, from TIOCGWINSZ, or a
    /// usual 10 × 20): what the aspect ratio is kept in.
    public var cellWidth: Int
    public var cellHeight: Int

    /// The terminal draws East Asian Ambiguous characters two cells wide
    /// (Korean terminals, `--ambiguous-width 2`): blocks then use only
    /// symbols that are one cell everywhere (quadrants), never ▀ ▄ █.
    public var ambiguousIsWide: Bool

    public init(mode: DrawMode, cellWidth: Int = 10, cellHeight: Int = 20, ambiguousIsWide: Bool = false) {
        self.mode = mode
        self.ambiguousIsWide = ambiguousIsWide
        self.cellWidth = min(max(cellWidth, 1), 200)
        self.cellHeight = min(max(cellHeight, 1), 400)
    }

    /// libchafa's version, which the bytes it draws depend on.
    public static let chafaVersion = String(cString: dlib_chafa_version())

    /// The picture's size in cells inside a `columns` × `rows` box.
    func fit(_ image: CoverImage, columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        let boxWidth = Double(columns * cellWidth)
        let boxHeight = Double(rows * cellHeight)
        let scale = min(boxWidth / Double(image.width), boxHeight / Double(image.height))
        let width = Int((Double(image.width) * scale / Double(cellWidth)).rounded())
        let height = Int((Double(image.height) * scale / Double(cellHeight)).rounded())
        return (min(max(width, 1), columns), min(max(height, 1), rows))
    }

    /// nil when chafa draws nothing (the caller shows the placeholder).
    public func lines(_ image: CoverImage, columns: Int, rows: Int) -> [String]? {
        guard columns > 0, rows > 0 else { return nil }
        let size = fit(image, columns: columns, rows: rows)
        guard let drawn = draw(image, columns: size.columns, rows: size.rows) else { return nil }
        let left = (columns - size.columns) / 2
        let top = (rows - size.rows) / 2
        let blank = String(repeating: " ", count: columns)
        var lines = [String](repeating: blank, count: rows)
        if mode.isPixelProtocol {
            let up = rows - 1 - top
            var placed = "\u{1B}7"
            if up > 0 { placed += "\u{1B}[\(up)A" }
            if left > 0 { placed += "\u{1B}[\(left)C" }
            placed += drawn + "\u{1B}8\u{1B}[\(columns)C"
            lines[rows - 1] = placed
            return lines
        }
        // chafa ends rows with a newline and leaves the colour set: each
        // line is reset, so nothing bleeds into the text beside it.
        let art = drawn.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
        guard art.count == size.rows else { return nil }
        let padLeft = String(repeating: " ", count: left)
        let padRight = String(repeating: " ", count: columns - size.columns - left)
        for (index, row) in art.enumerated() {
            lines[top + index] = padLeft + row + "\u{1B}[0m" + padRight
        }
        return lines
    }

    /// chafa's bytes for the picture at exactly `columns` × `rows` cells.
    func draw(_ image: CoverImage, columns: Int, rows: Int) -> String? {
        let code: Int32
        switch mode {
        case .kitty: code = Int32(DLIB_DRAW_KITTY)
        case .iterm: code = Int32(DLIB_DRAW_ITERM)
        case .sixel: code = Int32(DLIB_DRAW_SIXEL)
        case .blocks: code = Int32(DLIB_DRAW_BLOCKS)
        }
        var length = 0
        let text = image.rgba.withUnsafeBufferPointer { pixels in
            dlib_chafa_draw(code, pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(columns), Int32(rows),
                            Int32(cellWidth), Int32(cellHeight), ambiguousIsWide ? 1 : 0, &length)
        }
        guard let text else { return nil }
        defer { dlib_image_free(UnsafeMutableRawPointer(text).assumingMemoryBound(to: UInt8.self)) }
        return String(decoding: UnsafeRawBufferPointer(start: text, count: length), as: UTF8.self)
    }
}
