import DLibKit
import Foundation
import SampleServer
import Testing

/// The printers through the binary, and over every page of the sample.
@Suite struct PrinterCommandTests {
    @Test func onAPipeTheDefaultIsTabSeparatedWithAHeader() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("list")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let header = "control_no\ttitle\tauthor\tpublisher\tpub_year\tisbn\tcall_no\tmaterial_type\tlocation\treg_date\tcover_url"
            + "\tplace\tedition\tissn\tpages\tsize\tavailability\tcopies"
        #expect(lines.first.map(String.init) == header)
        #expect(lines.count == 22, "header, 20 rows, and the final newline")
        let rows = lines.dropFirst().dropLast().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
        #expect(rows.allSatisfy { $0.count == 18 })
        #expect(rows.map { String($0[0]) } == box.ids(page: 1))
        #expect(!result.stdout.contains("\u{1B}"), "no escapes on a pipe")
        #expect(!result.stdout.contains("─"), "no box drawing on a pipe")
    }

    @Test func gridFitsThreeCardsAcrossAHundredAndTenColumns() throws {
        let box = try Sandbox()
        let result = try box.dlib(extra: ["COLUMNS": "110"]).run("list", "--format", "grid")
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.components(separatedBy: "╭").count == 4, "three cards in the first row")
        #expect(lines.allSatisfy { DisplayWidth.standard.of($0) <= 110 })
        #expect(result.stdout.controlNumbers == box.ids(page: 1))
        #expect(result.stdout.contains("no cover"))
    }

    @Test func showOpensAnyHoldingOfAListedPage() throws {
        let box = try Sandbox()
        let dlib = box.dlib(extra: ["LANG": "ko_KR.UTF-8"])
        _ = try dlib.run("list", "--page", "3")
        let record = Sandbox.catalogue[45]
        let result = try dlib.run("show", record.controlNo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Control No.    \(record.controlNo)"))
        let date = try #require(record["regDate"])
        let digits = date.filter(\.isNumber)
        let written = "\(Int(digits.prefix(4))!)년 \(Int(digits.dropFirst(4).prefix(2))!)월 \(Int(digits.suffix(2))!)일"
        #expect(result.stdout.contains("Registered     \(written)"))
        if let cover = record["coverUrl"] {
            #expect(result.stdout.contains(cover))
        } else {
            #expect(result.stdout.contains("no cover"))
        }
        let json = try dlib.run("show", record.controlNo, "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["controlNo"] as? String == record.controlNo)
        #expect(object["title"] as? String == record["title"])
    }

    @Test func showOfAnUnseenHoldingSaysHowToFindIt() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("show", "MOE999999999")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("dlib: MOE999999999 is not among the holdings dlib has seen"))
        #expect(result.stderr.contains("dlib list --page"))
    }

    /// The promise for every page of the sample at 40, 80 and 132
    /// columns: no line too wide, ids in one column, placeholders shown.
    @Test func everyPageOfTheSampleFitsAtEveryWidth() async throws {
        let box = try Sandbox()
        let client = CatalogueClient(config: ServiceConfig(endpoint: box.endpoint, serviceKey: nil))
        for number in 1...62 {
            let page = try await client.page(PageQuery(pageNo: number, pageSize: 20))
            for width in [40, 80, 132] {
                let table = TablePrinter(style: .plain(width: width)).render(page)
                let lines = table.split(separator: "\n").map(String.init)
                #expect(lines.allSatisfy { DisplayWidth.standard.of($0) <= width }, "table page \(number) at \(width)")
                // Ids line up: each row starts with its control number.
                let rows = lines.dropFirst(2).dropLast()
                #expect(zip(rows, page.holdings).allSatisfy { $0.hasPrefix($1.controlNo + " ") || $0 == $1.controlNo })
                let missing = page.holdings.filter { !$0.hasCover }.count
                // The placeholder, or on a narrow table its one-cell form.
                let placeholders = rows.filter { $0.hasSuffix(Glyphs.unicode.coverMissing) || $0.hasSuffix(" " + Glyphs.unicode.shade) }
                // The cover column gives way last but one on a narrow table.
                let coverShown = lines.first?.hasSuffix("Co") == true || lines.first?.hasSuffix("Cover") == true
                #expect(placeholders.count == (coverShown ? missing : 0), "page \(number) at \(width)")
                #expect(width < 80 || coverShown, "the cover column is there at 80 columns and more")
                let grid = GridPrinter(style: .plain(width: width)).render(page)
                #expect(grid.split(separator: "\n").allSatisfy { DisplayWidth.standard.of(String($0)) <= width })
                #expect(grid.components(separatedBy: "no cover").count - 1 == missing)
            }
        }
    }
}
