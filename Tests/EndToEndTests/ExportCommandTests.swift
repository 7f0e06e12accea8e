import DLibKit
import Foundation
import SampleServer
import Testing

@Suite struct ExportCommandTests {
    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-export-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func rows(_ path: String) throws -> [[String]] {
        var reader = CSVReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        var rows: [[String]] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    @Test func exportsTheWholeCatalogueInOrderEachPageOnce() throws {
        let box = try Sandbox()
        let dir = try folder()
        let result = try box.dlib().run("export", "--output", dir + "/all.csv", "--page-size", "20", "--concurrency", "6")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "dlib: exported 1,237 holdings (62 pages, 62 requests) to \(dir)/all.csv\n")
        let rows = try rows(dir + "/all.csv")
        #expect(rows.first == HoldingRow.header)
        #expect(rows.dropFirst().map { $0[0] } == Sandbox.catalogue.map(\.controlNo))
        // Values exactly as in the catalogue.
        for (row, record) in zip(rows.dropFirst(), Sandbox.catalogue) {
            #expect(row[1] == record["title"] ?? "")
            #expect(row[10] == record["coverUrl"] ?? "")
        }
        #expect(box.server.requestCounts() == Dictionary(uniqueKeysWithValues: (1...62).map { ($0, 1) }))
    }

    @Test func aTransient500IsRetriedAndNothingElseIsAskedTwice() throws {
        let box = try Sandbox()
        box.server.inject(.status(500), page: 4, times: 1)
        let result = try box.dlib().run("export", "--page-size", "100")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\r\n")
        #expect(lines.count == 1 + 1237)
        var counts = Dictionary(uniqueKeysWithValues: (1...13).map { ($0, 1) })
        counts[4] = 2
        #expect(box.server.requestCounts() == counts)
        #expect(result.stderr.contains("(13 pages, 14 requests)"))
    }

    @Test func jsonLinesCarryTheContractsNames() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("export", "--format", "jsonl", "--query", "탄소")
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let expected = Sandbox.catalogue.filter { ($0["title"] ?? "").contains("탄소") || ($0["author"] ?? "").contains("탄소") }
        #expect(objects.map { $0["controlNo"] as? String } == expected.map(\.controlNo))
        #expect(objects.allSatisfy { Set($0.keys) == Set(Holding.Field.allCases.map(\.name)) })
    }

    @Test func aFailedExportLeavesNoFile() throws {
        let box = try Sandbox()
        box.server.inject(.code("30"), page: 5)
        let dir = try folder()
        let result = try box.dlib(key: "a-key-the-portal-refuses").run("export", "-o", dir + "/out.csv", "--page-size", "50")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("dlib: the service key is not registered"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no file and no temporary file")
    }

    @Test func quotaSpentStopsTheWholeExportAtOnce() throws {
        let box = try Sandbox()
        box.server.inject(.code("22"), page: 3)
        let result = try box.dlib().run("export", "--page-size", "20", "--concurrency", "1")
        #expect(result.status == 1)
        #expect(result.stderr.contains("daily request quota"))
        #expect(box.server.requestCounts()[3] == 1, "quota errors are not retried")
        #expect(box.server.requests.count == 3, "nothing is asked after the quota is spent")
    }

    @Test func aCatalogueThatChangesMidExportIsDeduplicatedAndSaidSo() throws {
        let box = try Sandbox()
        // Page 3 waits, so the catalogue can change while the export runs.
        box.server.inject(.delay(.milliseconds(400)), page: 3, times: 1)
        let dir = try folder()
        let running = try box.dlib().start(["export", "-o", dir + "/out.csv", "--page-size", "20", "--concurrency", "1"])
        try waitFor { box.server.requests.contains { $0.pageNo == 3 } }
        // Five new holdings at the front shift every later page by five.
        let fresh = (1...5).map { SampleRecord(fields: ["controlNo": "NEW\($0)", "title": "신착 \($0)"]) }
        box.server.replaceRecords(fresh + Sandbox.catalogue)
        let result = try running.wait()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("the catalogue changed during the export (1,237 → 1,242 holdings)"))
        #expect(result.stderr.contains("repeated holdings skipped"))
        let ids = try rows(dir + "/out.csv").dropFirst().map { $0[0] }
        #expect(Set(ids).count == ids.count, "no holding twice")
        #expect(Set(ids).isSuperset(of: Sandbox.catalogue.map(\.controlNo)), "nothing that was there all along is missing")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func anExportInterruptedMidwayLeavesNoFile(signal: Int32) throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(50)))
        let dir = try folder()
        let running = try box.dlib().start(["export", "-o", dir + "/out.csv", "--page-size", "10", "--concurrency", "2"])
        try waitFor { box.server.requests.count >= 10 }
        kill(running.process.processIdentifier, signal)
        let result = try running.wait()
        #expect(result.status != 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func aTemporaryFileLeftBySIGKILLIsClearedByTheNextExport() throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(50)))
        let dir = try folder()
        let running = try box.dlib().start(["export", "-o", dir + "/out.csv", "--page-size", "10", "--concurrency", "2"])
        try waitFor { box.server.requests.count >= 6 }
        kill(running.process.processIdentifier, SIGKILL)
        _ = try running.wait()
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(!left.contains("out.csv"), "never a half file under the final name")
        let quick = try Sandbox()
        #expect(try quick.dlib().run("export", "-o", dir + "/out.csv", "--endpoint", quick.endpoint).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.csv"])
    }
}

/// Polls `condition` until it holds, for at most `seconds`.
func waitFor(seconds: Double = 20, _ condition: () -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { throw WaitTimedOut() }
        usleep(10_000)
    }
}

struct WaitTimedOut: Error {}
