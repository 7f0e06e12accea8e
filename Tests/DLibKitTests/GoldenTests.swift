import Foundation
import Testing
@testable import DLibKit

/// The printers' output for the awkward page, compared byte for byte with
/// files that were read by eye once. `DLIB_UPDATE_GOLDEN=1 swift test`
/// writes them anew, to be reviewed in the diff.
@Suite struct GoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func check(_ output: String, _ name: String) throws {
        let file = Self.folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["DLIB_UPDATE_GOLDEN"] == "1" {
            try Data(output.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(output == expected, "\(name) differs from its golden file")
    }

    @Test(arguments: [40, 80, 132])
    func table(width: Int) throws {
        try check(TablePrinter(style: .plain(width: width)).render(AwkwardPage.page), "table-\(width).txt")
    }

    /// The three ways a terminal can be drawn for: ambiguous characters one
    /// cell wide (the goldens above), two cells wide, and ASCII only. Each
    /// golden is also measured in the mode it claims: no line is wider.
    enum Mode: String, CaseIterable, Sendable {
        case wide = "ambiguous2", ascii
        var style: (Int) -> RenderStyle {
            switch self {
            case .wide: return { RenderStyle(width: $0, ambiguousIsWide: true) }
            case .ascii: return { RenderStyle(width: $0, ascii: true) }
            }
        }
    }

    static let modeCases: [(Mode, Int)] = Mode.allCases.flatMap { mode in [40, 80, 132].map { (mode, $0) } }

    @Test(arguments: modeCases)
    func tableAndGridInEachMode(mode: Mode, width: Int) throws {
        let style = mode.style(width)
        for (name, output) in [("table", TablePrinter(style: style).render(AwkwardPage.page)),
                               ("grid", GridPrinter(style: style).render(AwkwardPage.page))] {
            try check(output, "\(name)-\(mode.rawValue)-\(width).txt")
            for line in output.split(separator: "\n") {
                #expect(style.cells.of(String(line)) <= width, "\(name) \(mode) \(width): \(line)")
            }
            if mode == .ascii {
                // What dlib draws is ASCII; only the catalogue's own text is not.
                let drawn = output.unicodeScalars.filter { "─│┌┐└┘╭╮╰╯░▣·…█—".unicodeScalars.contains($0) }
                #expect(drawn.isEmpty, "\(name) at \(width) draws \(String(String.UnicodeScalarView(drawn)))")
            }
        }
    }

    @Test func detailInAscii() throws {
        try check(DetailPrinter(style: RenderStyle(width: 80, ascii: true)).render(AwkwardPage.holdings[1]), "detail-ascii-80.txt")
    }

    @Test(arguments: [40, 80, 132])
    func grid(width: Int) throws {
        try check(GridPrinter(style: .plain(width: width)).render(AwkwardPage.page), "grid-\(width).txt")
    }

    @Test(arguments: [40, 80, 132])
    func detail(width: Int) throws {
        let printer = DetailPrinter(style: .plain(width: width), language: .english)
        let text = AwkwardPage.holdings.map(printer.render).joined(separator: "\n")
        try check(text, "detail-\(width).txt")
    }

    @Test func detailInKorean() throws {
        let printer = DetailPrinter(style: .plain(width: 80), language: .korean)
        try check(printer.render(AwkwardPage.holdings[0]), "detail-ko-80.txt")
    }

    @Test func tableOnATerminal() throws {
        let style = RenderStyle(width: 80, colour: true, hyperlinks: true)
        try check(TablePrinter(style: style).render(AwkwardPage.page), "table-80-terminal.txt")
    }

    @Test func gridOnATerminal() throws {
        let style = RenderStyle(width: 80, colour: true, hyperlinks: true)
        try check(GridPrinter(style: style).render(AwkwardPage.page), "grid-80-terminal.txt")
    }

    @Test func tsv() throws {
        try check(TSVPrinter.render(AwkwardPage.holdings), "page.tsv")
    }

    @Test func json() throws {
        try check(JSONPagePrinter.render(AwkwardPage.page), "page.json")
    }

    /// A Pyxis page of every variant: the availability column with its
    /// copy count, and the detail view's copies.
    static func pyxisPage() throws -> Page {
        try CatalogueClient.parse(Fixture.bytes("pyxis-variants.json"), source: .pyxis,
                                  endpoint: "https://library.example.invalid/pyxis-api/2/collections/2")
    }

    @Test(arguments: [80, 132])
    func pyxisTable(width: Int) throws {
        try check(TablePrinter(style: .plain(width: width)).render(Self.pyxisPage()), "pyxis-table-\(width).txt")
    }

    @Test func pyxisDetailWithCopies() throws {
        let holding = try #require(try Self.pyxisPage().holdings.first { $0.copies.count > 1 })
        try check(DetailPrinter(style: .plain(width: 80)).render(holding), "pyxis-detail-80.txt")
    }
}
