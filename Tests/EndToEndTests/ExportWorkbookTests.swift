import DLibKit
import Foundation
import SampleServer
import Testing

/// `dlib export --format xlsx`, opened with openpyxl (a real reader) and
/// compared cell by cell with the CSV export of the same catalogue.
@Suite struct ExportWorkbookTests {
    /// Reads the workbook and prints, as JSON: the sheet's name, frozen
    /// cell, filter, the header's boldness, every cell's value (None as
    /// ""), each column's width, and per column the data types and number
    /// formats of its non-empty cells.
    static let reader = #"""
    import json, sys, openpyxl
    from openpyxl.utils import get_column_letter
    book = openpyxl.load_workbook(sys.argv[1])
    sheet = book.active
    rows = [["" if cell.value is None else cell.value for cell in row] for row in sheet.iter_rows()]
    columns = []
    for index in range(1, sheet.max_column + 1):
        cells = [sheet.cell(row=r, column=index) for r in range(2, sheet.max_row + 1)]
        filled = [c for c in cells if c.value is not None]
        columns.append({
            "width": sheet.column_dimensions[get_column_letter(index)].width,
            "types": sorted({c.data_type for c in filled}),
            "formats": sorted({c.number_format for c in filled}),
        })
    print(json.dumps({
        "sheets": book.sheetnames, "freeze": sheet.freeze_panes, "filter": sheet.auto_filter.ref,
        "bold": all(sheet.cell(row=1, column=i).font.b for i in range(1, sheet.max_column + 1)),
        "rows": rows, "columns": columns,
    }, ensure_ascii=False))
    """#

    struct Workbook: Decodable {
        struct Column: Decodable {
            var width: Double
            var types: [String]
            var formats: [String]
        }
        var sheets: [String]
        var freeze: String?
        var filter: String?
        var bold: Bool
        var rows: [[String]]
        var columns: [Column]
    }

    func open(_ path: String) throws -> Workbook {
        let result = try ExternalTool.pythonWithOpenpyxl().run(["-c", Self.reader, path])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(Workbook.self, from: Data(result.stdout.utf8))
    }

    func csvRows(_ text: String) throws -> [[String]] {
        var reader = CSVReader(bytes: Array(text.utf8))
        var rows: [[String]] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    func export(_ box: Sandbox) throws -> (workbook: Workbook, csv: [[String]]) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-xlsx-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/catalogue.xlsx"
        let made = try box.dlib().run("export", "--format", "xlsx", "-o", path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr == "dlib: exported 1,237 holdings (13 pages, 13 requests) to \(path)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["catalogue.xlsx"])
        let csv = try box.dlib().run("export")
        #expect(csv.status == 0)
        return (try open(path), try csvRows(csv.stdout))
    }

    func check(_ workbook: Workbook, against csv: [[String]]) {
        #expect(csv.count == 1238)
        #expect(workbook.sheets == ["holdings"])
        #expect(workbook.freeze == "A2", "the header row is frozen")
        #expect(workbook.filter == "A1:R1238")
        #expect(workbook.bold)
        #expect(workbook.rows.count == csv.count)
        for (row, want) in zip(workbook.rows, csv) where row != want {
            Issue.record("row \(want.first ?? "?") differs: \(row) vs \(want)")
        }
        let header = HoldingRow.header
        #expect(workbook.columns.count == header.count)
        for (index, column) in workbook.columns.enumerated() {
            let name = header[index]
            // A column the source leaves empty (the portal has no copies) has no cells.
            let filled = csv.dropFirst().contains { !$0[index].isEmpty }
            #expect(column.types == (filled ? ["s"] : []), "\(name): every value a string")
            let identifier = ["control_no", "isbn", "issn", "call_no", "pub_year"].contains(name)
            #expect(column.formats == (filled ? [identifier ? "@" : "General"] : []), "\(name)")
        }
        #expect(workbook.columns.filter { $0.types == ["s"] }.count >= 11, "the fields both sources have")
        // As wide as the widest value in terminal cells (Hangul two), within 6...60.
        for (index, column) in workbook.columns.enumerated() {
            let widest = csv.map { DisplayWidth.standard.of($0[index]) }.max() ?? 0
            #expect(Int(column.width) == min(max(widest + 2, 6), 60), "\(header[index])")
        }
    }

    @Test func aPyxisWorkbookHoldsTheCSVCellForCellAsText() throws {
        var options = SampleServer.Options()
        options.dialect = .pyxis
        let (workbook, csv) = try export(try Sandbox(options: options))
        check(workbook, against: csv)
        let isbn = try #require(HoldingRow.header.firstIndex(of: "isbn"))
        #expect(workbook.rows.dropFirst().contains { $0[isbn].count == 13 && $0[isbn].allSatisfy(\.isNumber) },
                "there are ISBNs Excel would have made numbers of")
    }

    @Test func aPortalWorkbookHoldsTheCSVCellForCellAsText() throws {
        let (workbook, csv) = try export(try Sandbox())
        check(workbook, against: csv)
    }
}
