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
