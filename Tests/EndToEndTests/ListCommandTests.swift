import Foundation
import SampleServer
import Testing

/// The built `dlib` against the sample server over 127.0.0.1, real libcurl.
@Suite struct ListCommandTests {
    @Test func firstPageShowsTwentyHoldingsAndAFooter() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("list", "--format", "table")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.controlNumbers == box.ids(page: 1))
        #expect(result.stdout.contains("page 1 of 62 · 1,237 holdings · next: dlib list --next"))
        #expect(result.stdout.contains("░ no cover"), "page 1 has holdings without a cover")
        #expect(result.stderr.isEmpty)
    }

    @Test func nextNextPrevAndPageWalkTheCatalogue() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        #expect(try dlib.run("list").stdout.controlNumbers == box.ids(page: 1))
        #expect(try dlib.run("list", "--next").stdout.controlNumbers == box.ids(page: 2))
        #expect(try dlib.run("list", "--next").stdout.controlNumbers == box.ids(page: 3))
        #expect(try dlib.run("list", "--prev").stdout.controlNumbers == box.ids(page: 2))
        #expect(try dlib.run("list", "--page", "40").stdout.controlNumbers == box.ids(page: 40))
        #expect(try dlib.run("list", "--next").stdout.controlNumbers == box.ids(page: 41))
    }

    @Test func pastTheEndExitsThreeAndKeepsTheCursor() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        let last = try dlib.run("list", "--page", "62", "--format", "table")
        #expect(last.stdout.controlNumbers == box.ids(page: 62))
        #expect(last.stdout.controlNumbers.count == 17, "the last page is not full")
        #expect(last.stdout.contains("last page"))

        let past = try dlib.run("list", "--next")
        #expect(past.status == 3)
        #expect(past.stdout.isEmpty)
        #expect(past.stderr == "dlib: no more pages (1,237 holdings, 62 pages)\n")

        // The cursor did not move: the page before is still 61.
        #expect(try dlib.run("list", "--prev").stdout.controlNumbers == box.ids(page: 61))
    }

    @Test func prevOnTheFirstPageExitsThreeWithoutARequest() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        _ = try dlib.run("list")
        box.server.clearLog()
        let result = try dlib.run("list", "--prev")
        #expect(result.status == 3)
        #expect(result.stderr == "dlib: no page before page 1\n")
        #expect(box.server.requests.isEmpty)
    }

    @Test func resetStartsOverFromPageOne() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        _ = try dlib.run("list", "--page", "5")
        let reset = try dlib.run("list", "--reset")
        #expect(reset.status == 0)
        #expect(try dlib.run("list", "--next").stdout.controlNumbers == box.ids(page: 1))
    }

    @Test func jsonCarriesEveryFieldExactlyAsTheCatalogueHasIt() throws {
        let box = try Sandbox()
        // Page 5 at 100 a page holds the CDATA, padded, shuffled and
        // awkward-title variants the server writes.
        let result = try box.dlib().run("list", "--format", "json", "--page", "5", "--page-size", "100")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["page"] as? Int == 5)
        #expect(document["pageSize"] as? Int == 100)
        #expect(document["totalCount"] as? Int == 1237)
        #expect(document["totalPages"] as? Int == 13)
        #expect(document["hasNext"] as? Bool == true)
        let items = try #require(document["items"] as? [[String: Any]])
        let expected = Array(Sandbox.catalogue[400..<500])
        #expect(items.count == expected.count)
        for (item, record) in zip(items, expected) {
            for name in SampleRecord.fieldOrder {
                let want: String? = name == "regDate" ? record[name].map(Self.isoDate) : record[name]
                if let want {
                    #expect(item[name] as? String == want, "\(record.controlNo).\(name)")
                } else {
                    #expect(item[name] is NSNull, "\(record.controlNo).\(name) is null when missing")
                }
            }
        }
    }

    static func isoDate(_ date: String) -> String {
        date.count == 8 ? "\(date.prefix(4))-\(date.dropFirst(4).prefix(2))-\(date.suffix(2))" : date
    }

    @Test func twoNextRunsAtOnceTakeConsecutivePagesAndTheServerSeesEachOnce() throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(300)))
        let dlib = box.dlib()
        #expect(try dlib.run("list").status == 0)
        let first = try dlib.start(["list", "--next"])
        let second = try dlib.start(["list", "--next"])
        let results = [try first.wait(), try second.wait()]
        #expect(results.allSatisfy { $0.status == 0 })
        let pages = results.map(\.stdout.controlNumbers).sorted { $0.first ?? "" < $1.first ?? "" }
        #expect(pages == [box.ids(page: 2), box.ids(page: 3)])
        #expect(box.server.requestCounts() == [1: 1, 2: 1, 3: 1])
    }

    @Test func pageSizeIsSentAndRemembered() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        #expect(try dlib.run("list", "--page-size", "7").stdout.controlNumbers == box.ids(page: 1, size: 7))
        #expect(try dlib.run("list", "--next", "--page-size", "7").stdout.controlNumbers == box.ids(page: 2, size: 7))
        #expect(box.server.requests.map(\.numOfRows) == [7, 7])
    }

    @Test func thePortalWithoutAnEndpointIsOneLineSayingHowToSetOne() throws {
        let box = try Sandbox()
        let result = try box.dlib(extra: ["DLIB_ENDPOINT": ""]).run("list")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("dlib: no endpoint configured for the portal source; set DLIB_ENDPOINT"))
        #expect(result.stderr.contains("dlib doctor"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    @Test func conflictingFlagsAreAnArgumentError() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("list", "--next", "--prev")
        #expect(result.status == 64)
        #expect(result.stderr.contains("cannot be combined"))
    }
}
