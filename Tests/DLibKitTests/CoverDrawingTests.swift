import Foundation
import SampleServer
import Testing
@testable import DLibKit

/// The escapes each protocol sends for one known picture (the sample
/// server's cover of MOE000000001, 60 × 90), compared byte for byte with
/// goldens read by eye once: chafa's canvas is pinned (dither off, RGB,
/// fixed geometry and cell size), so the bytes do not move.
@Suite struct CoverDrawingTests {
    static let folder = GoldenTests.folder.appendingPathComponent("covers")

    static let picture = CoverImage(width: 60, height: 90, rgba: SampleCover.pixels(for: "MOE000000001"))!

    func check(_ output: String, _ name: String) throws {
        try GoldenTests().check(output, "covers/" + name)
    }

    @Test(arguments: DrawMode.allCases)
    func gridCell(mode: DrawMode) throws {
        let drawer = CoverDrawer(mode: mode, cellWidth: 10, cellHeight: 20)
        let lines = try #require(drawer.lines(Self.picture, columns: 10, rows: 5))
        #expect(lines.count == 5)
        try check(lines.joined(separator: "\n") + "\n", "\(mode.rawValue)-10x5.txt")
    }

    @Test func kittySendsChunkedBase64() throws {
        let lines = try #require(CoverDrawer(mode: .kitty).lines(Self.picture, columns: 10, rows: 5))
        let placed = lines[4]
        #expect(placed.hasPrefix("\u{1B}7\u{1B}[4A"))
        #expect(placed.contains("\u{1B}_G"))
        #expect(placed.hasSuffix("\u{1B}8\u{1B}[10C"))
        #expect(lines[0..<4].allSatisfy { $0 == String(repeating: " ", count: 10) })
    }

    @Test func itermAndSixelIntroducers() throws {
        let iterm = try #require(CoverDrawer(mode: .iterm).lines(Self.picture, columns: 10, rows: 5))
        #expect(iterm[4].contains("\u{1B}]1337;File="))
        let sixel = try #require(CoverDrawer(mode: .sixel).lines(Self.picture, columns: 10, rows: 5))
        #expect(sixel[4].contains("\u{1B}P"))
        #expect(sixel[4].contains("q"))
        #expect(sixel[4].contains("\u{1B}\\"))
    }

    /// Blocks are text: every line takes exactly the box's width once its
    /// escapes are set aside, so the card's text beside it stays aligned.
    @Test func blocksFillTheBoxExactly() throws {
        let lines = try #require(CoverDrawer(mode: .blocks).lines(Self.picture, columns: 10, rows: 5))
        for line in lines {
            #expect(DisplayWidth.standard.of(Self.withoutEscapes(line)) == 10)
        }
    }

    /// For a terminal that draws ambiguous characters two cells wide, blocks
    /// use none of them (▀ ▄ █ ▌ ▐ are ambiguous): the box stays 10 cells there.
    @Test func narrowBlocksForWideAmbiguousTerminals() throws {
        let drawer = CoverDrawer(mode: .blocks, ambiguousIsWide: true)
        let lines = try #require(drawer.lines(Self.picture, columns: 10, rows: 5))
        try check(lines.joined(separator: "\n") + "\n", "blocks-narrow-10x5.txt")
        let wide = DisplayWidth(ambiguousIsWide: true)
        for line in lines {
            let text = Self.withoutEscapes(line)
            #expect(wide.of(text) == 10, "\(text)")
            #expect(!text.contains(where: { "▀▄█▌▐".contains($0) }))
        }
    }

    /// A 2:3 cover in a 10 × 5 box of 10 × 20 pixel cells is 7 columns
    /// wide and 5 rows high, centred.
    @Test func aspectRatioIsKept() {
        let size = CoverDrawer(mode: .blocks).fit(Self.picture, columns: 10, rows: 5)
        #expect(size.columns == 7 && size.rows == 5)
        let wide = CoverImage(width: 90, height: 30, rgba: [UInt8](repeating: 9, count: 90 * 30 * 4))!
        let flat = CoverDrawer(mode: .blocks).fit(wide, columns: 10, rows: 5)
        #expect(flat.columns == 10 && flat.rows == 2)
    }

    /// The awkward page's grid with a cover drawn for every holding that
    /// has one: the cards keep their size and the text beside stays put.
    @Test(arguments: [(DrawMode.blocks, 80), (.blocks, 132), (.kitty, 80)])
    func gridWithCovers(mode: DrawMode, width: Int) throws {
        let drawer = CoverDrawer(mode: mode)
        var covers: [String: [String]] = [:]
        for holding in AwkwardPage.page.holdings where holding.hasCover {
            let picture = CoverImage(width: 60, height: 90, rgba: SampleCover.pixels(for: holding.controlNo))!
            covers[holding.controlNo] = drawer.lines(picture, columns: GridPrinter.coverBox.columns, rows: GridPrinter.coverBox.rows)
        }
        #expect(!covers.isEmpty)
        let grid = GridPrinter(style: .plain(width: width), covers: covers).render(AwkwardPage.page)
        try check(grid, "grid-\(mode.rawValue)-\(width).txt")
        if mode == .blocks {
            // Without escapes, every line of the grid is as wide as without covers.
            let plain = GridPrinter(style: .plain(width: width)).render(AwkwardPage.page).split(separator: "\n")
            let drawn = grid.split(separator: "\n")
            #expect(plain.count == drawn.count)
            for (a, b) in zip(plain, drawn) {
                #expect(DisplayWidth.standard.of(String(a)) == DisplayWidth.standard.of(Self.withoutEscapes(String(b))))
            }
        }
    }

    static func withoutEscapes(_ text: String) -> String {
        var out = ""
        var inEscape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true; continue }
            if inEscape {
                if scalar.value >= 0x40 && scalar.value <= 0x7E && scalar != "[" { inEscape = false }
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
