import DLibKit
import Foundation
import SampleServer
import Testing

@Suite struct SearchAndSavedTests {
    func matching(_ text: String) -> [String] {
        Sandbox.catalogue.filter {
            ($0["title"] ?? "").lowercased().contains(text.lowercased()) || ($0["author"] ?? "").lowercased().contains(text.lowercased())
        }.map(\.controlNo)
    }

    @Test func searchPagesWithItsOwnCursorAndLeavesListAlone() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        let all = matching("기후변화")
        #expect(all.count >= 40, "the sample has two pages or more of this search")
        #expect(try dlib.run("list", "--page", "5").stdout.controlNumbers == box.ids(page: 5))
        #expect(try dlib.run("search", "기후변화").stdout.controlNumbers == Array(all.prefix(20)))
        #expect(try dlib.run("search", "기후변화", "--next").stdout.controlNumbers == Array(all.dropFirst(20).prefix(20)))
        #expect(try dlib.run("search", "기후변화", "--prev").stdout.controlNumbers == Array(all.prefix(20)))
        // Another search has a cursor of its own…
        #expect(try dlib.run("search", "Climate", "--next").stdout.controlNumbers == Array(matching("Climate").prefix(20)))
        // …and the catalogue's cursor did not move.
        #expect(try dlib.run("list", "--next").stdout.controlNumbers == box.ids(page: 6))
        #expect(box.server.requests.filter { $0.keyword == "기후변화" }.map(\.pageNo) == [1, 2, 1])
    }

    @Test func pastTheLastPageOfASearchExitsThree() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        let all = matching("습지")
        let pages = (all.count + 19) / 20
        #expect(try dlib.run("search", "습지", "--page", String(pages)).status == 0)
        let past = try dlib.run("search", "습지", "--next")
        #expect(past.status == 3)
        #expect(past.stderr == "dlib: no more pages (\(NumberText.count(all.count, "holding")), \(NumberText.count(pages, "page")))\n")
    }

    @Test func anEmptyResultIsOneFriendlyLine() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("search", "no such holding anywhere")
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "dlib: no holdings match \u{201C}no such holding anywhere\u{201D}\n")
    }

    @Test func theTableFooterNamesTheSearchToContinue() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("search", "Water Quality", "--format", "table")
        #expect(result.stdout.contains("next: dlib search 'Water Quality' --next"))
    }

    @Test func savedAddListRemoveClearSurviveNewProcesses() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        _ = try dlib.run("list", "--page", "2")
        let ids = box.ids(page: 2)
        let add = try dlib.run("saved", "add", ids[0], ids[1], ids[2])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.split(separator: "\n").count == 3)
        #expect(add.stderr.hasPrefix("dlib: saved \(ids[0]) "))
        let twice = try dlib.run("saved", "add", ids[1])
        #expect(twice.stderr == "dlib: \(ids[1]) was saved already\n")

        let listed = try dlib.run("saved", "list", "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: [[String: Any]]])
        #expect(object["items"]?.map { $0["controlNo"] as? String } == [ids[2], ids[1], ids[0]], "newest first, each once")
        #expect(object["items"]?.first?["title"] as? String == Sandbox.catalogue[22]["title"], "the whole holding is kept")

        let removed = try dlib.run("saved", "remove", ids[1], "MOE000000000")
        #expect(removed.stderr == "dlib: removed \(ids[1])\ndlib: MOE000000000 was not saved\n")
        #expect(try dlib.run("saved", "list").stdout.controlNumbers == [ids[2], ids[0]])

        let csv = try dlib.run("saved", "export", "--format", "csv")
        #expect(csv.stdout.hasPrefix(HoldingRow.header.joined(separator: ",") + "\r\n"))
        #expect(csv.stdout.split(separator: "\r\n").count == 3)

        let cleared = try dlib.run("saved", "clear")
        #expect(cleared.stderr == "dlib: cleared the saved list (2 holdings removed)\n")
        #expect(try dlib.run("saved", "list", "--format", "tsv").stdout.split(separator: "\n").count == 1, "only the header")
    }

    @Test func savingAnUnseenHoldingSaysHowToFindIt() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("saved", "add", "MOE999999999")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: MOE999999999 not among the holdings dlib has seen; find it with `dlib search TEXT` or `dlib list --page N` first\n")
    }

    @Test func recentKeepsTheTenLastOpenedNewestFirstEachOnce() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        let empty = try dlib.run("recent")
        #expect(empty.status == 0)
        #expect(empty.stderr == "dlib: nothing viewed yet; open a holding with `dlib show ID`\n")
        _ = try dlib.run("list", "--page-size", "20")
        let ids = box.ids(page: 1)
        for id in ids.prefix(12) { #expect(try dlib.run("show", id).status == 0) }
        #expect(try dlib.run("show", ids[5]).status == 0) // seen again: back to the top
        let expected = [ids[5]] + ids[2..<12].reversed().filter { $0 != ids[5] }
        #expect(try dlib.run("recent").stdout.controlNumbers == Array(expected.prefix(10)))
        // Listing a page is not viewing.
        _ = try dlib.run("list", "--next")
        #expect(try dlib.run("recent").stdout.controlNumbers == Array(expected.prefix(10)))
    }

    @Test func twoProcessesWritingAtOnceLoseNothing() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        _ = try dlib.run("list", "--page-size", "100")
        let ids = box.ids(page: 1, size: 100)
        // Eight savers and four listers (which write the cache) at once.
        var running: [DLibProcess.Running] = []
        for group in 0..<8 {
            running.append(try dlib.start(["saved", "add"] + Array(ids[(group * 10)..<(group * 10 + 10)])))
        }
        for page in 2...5 { running.append(try dlib.start(["list", "--page", String(page), "--page-size", "100"])) }
        let results = try running.map { try $0.wait() }
        #expect(results.allSatisfy { $0.status == 0 }, "\(results.map(\.stderr))")
        let saved = try dlib.run("saved", "list", "--format", "tsv").stdout.controlNumbers
        #expect(Set(saved) == Set(ids.prefix(80)))
        #expect(saved.count == 80)
        let database = box.stateDir + "/dlib.sqlite"
        let mode = try FileManager.default.attributesOfItem(atPath: database)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Every page the listers fetched is in the cache: show works for its last holding.
        #expect(try dlib.run("show", Sandbox.catalogue[499].controlNo).status == 0)
    }
}
