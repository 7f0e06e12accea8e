import DLibKit
import Foundation
import SampleServer
import Testing

/// `dlib export --format sqlite`, read back with the sqlite3 command line
/// and compared with the CSV export of the same catalogue.
@Suite struct ExportDatabaseTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-db-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func csvRows(_ text: String) throws -> [[String]] {
        var reader = CSVReader(bytes: Array(text.utf8))
        var rows: [[String]] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    /// One query's answer, `|`-separated lines, or a failed expectation.
    func query(_ database: String, _ sql: String) throws -> [String] {
        let result = try ExternalTool.named("sqlite3").run(database, sql)
        #expect(result.status == 0, "\(sql): \(result.stderr)")
        return result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    /// The words SQLite's unicode61 tokenizer makes of a text: runs of
    /// letters and digits.
    func words(_ text: String?) -> [String] {
        var words: [String] = []
        var word = ""
        for scalar in (text ?? "").unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber, .privateUse:
                word.unicodeScalars.append(scalar)
            default:
                if !word.isEmpty { words.append(word.lowercased()) }
                word = ""
            }
        }
        if !word.isEmpty { words.append(word.lowercased()) }
        return words
    }

    @Test func theDatabaseHoldsWhatTheCSVHoldsWithCopiesMetaAndHangulSearch() throws {
        var options = SampleServer.Options()
        options.dialect = .pyxis
        let box = try Sandbox(options: options)
        let dir = try folder()
        let database = dir + "/catalogue.db"
        let made = try box.dlib().run("export", "--format", "sqlite", "-o", database)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr == "dlib: exported 1,237 holdings (13 pages, 13 requests) to \(database)\n")
        let csv = try box.dlib().run("export")
        let expected = try csvRows(csv.stdout)
        #expect(expected.count == 1238)

        // Every row and column as the CSV has it, in catalogue order.
        let dump = try ExternalTool.named("sqlite3").run("-csv", "-header", database, "select * from holdings order by rowid")
        #expect(dump.status == 0, "\(dump.stderr)")
        let rows = try csvRows(dump.stdout)
        #expect(rows.first == HoldingRow.header)
        #expect(rows.count == expected.count)
        for (row, want) in zip(rows, expected) where row != want {
            Issue.record("row \(want.first ?? "?") differs: \(row) vs \(want)")
        }

        // Declared types: all TEXT, the id the primary key.
        let columns = try query(database, "select name, type, pk from pragma_table_info('holdings')")
        #expect(columns == HoldingRow.header.map { "\($0)|TEXT|\($0 == "control_no" ? 1 : 0)" })
        // Stored types: text or null, never a number an ISBN or year became.
        #expect(try query(database, "select distinct typeof(control_no), typeof(isbn), typeof(call_no), typeof(pub_year) "
                          + "from holdings where isbn is not null and call_no is not null and pub_year is not null") == ["text|text|text|text"])
        #expect(try query(database, "select count(*) from holdings where title = ''") == ["0"], "missing is NULL, not empty")

        // One row per copy, numbered from 1 in the holding's order.
        let copies = expected.dropFirst().flatMap { row in
            CopiesText.decode(row[HoldingRow.header.firstIndex(of: "copies") ?? 0]).enumerated().map { index, copy in
                [row[0], String(index + 1), copy.location ?? "", copy.callNo ?? "", copy.availability ?? ""].joined(separator: "|")
            }
        }
        #expect(copies.count > 1237, "the Pyxis sample has holdings with several copies")
        #expect(try query(database, "select holding_id, position, ifnull(copies.location, ''), ifnull(copies.call_no, ''), ifnull(copies.availability, '') "
                          + "from copies join holdings on holdings.control_no = copies.holding_id order by holdings.rowid, position") == copies)
        #expect(try query(database, "select count(*) from copies where holding_id not in (select control_no from holdings)") == ["0"])

        let meta = Dictionary(uniqueKeysWithValues: try query(database, "select key, ifnull(value, '') from meta").map {
            let parts = $0.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        })
        #expect(meta["source"] == "pyxis")
        #expect(meta["endpoint"] == box.endpoint)
        #expect(meta["holdings"] == "1237")
        #expect(meta["copies"] == String(copies.count))
        #expect(meta["requests"] == "13")
        #expect(meta["exported_at"]?.hasSuffix("Z") == true)

        // Full-text search in Hangul: whole words, and words by prefix.
        let records = expected.dropFirst().map { (words($0[1]), words($0[2])) }
        let whole = records.filter { $0.0.contains("기후") || $0.1.contains("기후") }.count
        let prefixed = records.filter { ($0.0 + $0.1).contains { $0.hasPrefix("기후") } }.count
        #expect(whole > 0 && prefixed > whole, "the sample has both")
        #expect(try query(database, "select count(*) from holdings_fts where holdings_fts match '기후'") == [String(whole)])
        #expect(try query(database, "select count(*) from holdings_fts where holdings_fts match '기후*'") == [String(prefixed)])
        let found = try query(database, "select holdings.control_no from holdings_fts join holdings on holdings.rowid = holdings_fts.rowid "
                              + "where holdings_fts match 'title:기후' order by holdings.rowid")
        #expect(found == expected.dropFirst().filter { words($0[1]).contains("기후") }.map { $0[0] })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["catalogue.db"], "no journal or temporary file left")
    }

    @Test func theKeyStaysOutOfTheDatabaseAndTheWorkbook() throws {
        let box = try Sandbox()
        let dir = try folder()
        let key = "Se/cr+et%2Bkey=="
        #expect(try box.dlib(key: key).run("export", "--format", "sqlite", "-o", dir + "/a.db").status == 0)
        #expect(try box.dlib(key: key).run("export", "--format", "xlsx", "-o", dir + "/a.xlsx").status == 0)
        expectNoKey(key, inFilesUnder: dir)
        #expect(try query(dir + "/a.db", "select value from meta where key = 'endpoint'") == [box.endpoint])
        #expect(try query(dir + "/a.db", "select value from meta where key = 'source'") == ["portal"])
    }

    @Test func aFailedExportLeavesNoDatabase() throws {
        let box = try Sandbox()
        let dir = try folder()
        box.server.inject(.status(404), page: 7)
        for format in ["sqlite", "xlsx"] {
            let result = try box.dlib().run("export", "--format", format, "-o", dir + "/out." + format, "--page-size", "20")
            #expect(result.status == 1)
            #expect(result.stderr == "dlib: page 7: the server answered HTTP 404\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func fileFormatsWantAFile() throws {
        let box = try Sandbox()
        for format in ["sqlite", "xlsx"] {
            for arguments in [[], ["-o", "-"]] {
                let result = try box.dlib().run(["export", "--format", format] + arguments)
                #expect(result.status == 64)
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("--format \(format) writes a file, not a terminal or pipe: give -o FILE."))
            }
            let device = try box.dlib().run("export", "--format", format, "-o", "/dev/null")
            #expect(device.status == 1)
            #expect(device.stderr.hasPrefix("dlib: refusing /dev/null: "))
        }
        #expect(box.server.requests.isEmpty, "refused before asking the server")
    }

    @Test func theSavedListExportsAsADatabaseToo() throws {
        let box = try Sandbox()
        let dir = try folder()
        let dlib = box.dlib()
        #expect(try dlib.run("list", "--page", "1").status == 0)
        let ids = Array(box.ids(page: 1).prefix(3))
        #expect(try dlib.run(["saved", "add"] + ids).status == 0)
        let result = try dlib.run("saved", "export", "--format", "sqlite", "-o", dir + "/saved.db")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Set(try query(dir + "/saved.db", "select control_no from holdings")) == Set(ids))
        #expect(try query(dir + "/saved.db", "select value from meta where key = 'holdings'") == ["3"])
    }
}
