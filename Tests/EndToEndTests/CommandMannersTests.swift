import DLibKit
import Foundation
import SampleServer
import Testing

/// What a user expects of the commands, beyond their main job.
@Suite struct CommandMannersTests {
    @Test func nextAfterAPageSizeGoesOnWithItAndTheFooterOffersBoth() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        #expect(try dlib.run("list", "--page-size", "50").stdout.controlNumbers == box.ids(page: 1, size: 50))
        let next = try dlib.run("list", "--next", "--format", "table")
        #expect(next.stdout.controlNumbers == box.ids(page: 2, size: 50), "50 again, nothing repeated")
        #expect(next.stdout.contains("page 2 of 25 · 1,237 holdings · next: dlib list --next · previous: --prev"))
        #expect(try dlib.run("list", "--prev").stdout.controlNumbers == box.ids(page: 1, size: 50))
        #expect(box.server.requests.map(\.numOfRows) == [50, 50, 50])
    }

    @Test func diffExitCodeSaysWhetherThereAreDifferences() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-diffcode-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let format = RecordFormat.csv(excel: false)
        func write(_ name: String, _ holdings: [Holding]) throws {
            try Data(format.preamble() + Array(holdings.map(format.encode).joined().utf8)).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        try write("a.csv", [Holding(controlNo: "A1", title: "One")])
        try write("b.csv", [Holding(controlNo: "A1", title: "Two")])
        let dlib = try Sandbox().dlib()
        let same = try dlib.run("diff", "--exit-code", folder + "/a.csv", folder + "/a.csv")
        #expect(same.status == 0)
        let differ = try dlib.run("diff", "--exit-code", folder + "/a.csv", folder + "/b.csv")
        #expect(differ.status == 1)
        #expect(differ.stderr.isEmpty, "the diff is the report")
        #expect(differ.stdout.contains("title: One → Two"))
        #expect(try dlib.run("diff", folder + "/a.csv", folder + "/b.csv").status == 0, "without the flag, differences are not a failure")
    }

    @Test func anUnknownSettingInTheConfigFileIsNamedWithItsLine() throws {
        let box = try Sandbox()
        let config = box.stateDir + "-config"
        try FileManager.default.createDirectory(atPath: config + "/dlib", withIntermediateDirectories: true)
        let file = config + "/dlib/config"
        _ = FileManager.default.createFile(atPath: file, contents: Data("# mine\nsource = portal\nservce_key = abc\n".utf8),
                                           attributes: [.posixPermissions: 0o600])
        let result = try box.dlib(extra: ["XDG_CONFIG_HOME": config]).run("list")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: \(file), line 3: unknown setting `servce_key`; dlib reads source, endpoint, service_key, list-term, images\n")
    }

    @Test func aSearchWithASpaceThatFindsNothingSuggestsTheWordsJoined() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("search", "기후 변화")
        #expect(result.status == 0)
        #expect(result.stderr == "dlib: no holdings match \u{201C}기후 변화\u{201D}; try it without the space: dlib search 기후변화\n")
    }

    @Test func anExtensionThatSaysAnotherFormatIsWarnedAbout() throws {
        let box = try Sandbox()
        let out = box.stateDir + "-x.csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let result = try box.dlib().run("export", "--format", "jsonl", "-o", out)
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("dlib: warning: \(out) ends in .csv but the export is JSON lines; pass --format csv for CSV\n"))
    }
}
