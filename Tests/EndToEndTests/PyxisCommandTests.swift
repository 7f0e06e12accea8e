import DLibKit
import Foundation
import SampleServer
import Testing

/// Every command through the built binary against the sample server's
/// Pyxis dialect, with nothing configured but the endpoint: no key, so the
/// source is pyxis by default.
@Suite struct PyxisCommandTests {
    func pyxis(_ options: SampleServer.Options = .init()) throws -> Sandbox {
        var options = options
        options.dialect = .pyxis
        return try Sandbox(options: options)
    }

    @Test func listWalksTheCatalogueByOffset() throws {
        let box = try pyxis()
        let dlib = box.dlib()
        let first = try dlib.run("list", "--format", "table")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.firstColumnIds == box.ids(page: 1))
        #expect(first.stdout.contains("page 1 of 62 · 1,237 holdings · next: dlib list --next"))
        #expect(first.stdout.contains("Status"), "the availability column is shown on Pyxis")
        #expect(try dlib.run("list", "--next").stdout.firstColumnIds == box.ids(page: 2))
        #expect(try dlib.run("list", "--page", "62").stdout.firstColumnIds == box.ids(page: 62))
        #expect(try dlib.run("list", "--prev").stdout.firstColumnIds == box.ids(page: 61))
        let requests = box.server.requests.filter { $0.dialect == .pyxis }
        #expect(requests.map(\.offset) == [0, 20, 1220, 1200])
        #expect(requests.allSatisfy { $0.max == 20 && $0.term == "" })
    }

    @Test func jsonCarriesTheMappedFieldsAndEveryCopy() throws {
        let box = try pyxis()
        let result = try box.dlib().run("list", "--format", "json", "--page-size", "100")
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == 100)
        let origin = box.endpoint.components(separatedBy: "/pyxis-api")[0]
        var sawSeveralCopies = false, sawRelativeCover = false
        for (index, item) in items.enumerated() {
            let record = PyxisRecord(record: Sandbox.catalogue[index], index: index)
            #expect(item["controlNo"] as? String == record.id, "id \(index)")
            #expect(item["title"] as? String == record.titleStatement, "title \(index)")
            let copies = try #require(item["copies"] as? [[String: Any]])
            #expect(copies.count == record.copies.count, "copies \(index)")
            #expect(copies.map { $0["availability"] as? String } == record.copies.map(\.state), "copy states \(index)")
            if let first = record.copies.first {
                #expect(item["callNo"] as? String == first.callNo)
                #expect(item["location"] as? String == first.location)
                #expect(item["availability"] as? String == first.state)
            } else {
                #expect(item["availability"] is NSNull)
            }
            sawSeveralCopies = sawSeveralCopies || copies.count > 1
            if let cover = item["coverUrl"] as? String, cover.hasPrefix(origin + "/attachments/") { sawRelativeCover = true }
            #expect(!(item["coverUrl"] as? String ?? "http").isEmpty)
            #expect((item["coverUrl"] as? String).map { $0.hasPrefix("http") } ?? true, "covers are absolute or null")
        }
        #expect(sawSeveralCopies && sawRelativeCover)
    }

    @Test func searchSendsTheTermAndHasItsOwnCursor() throws {
        let box = try pyxis()
        let dlib = box.dlib()
        let matching = Sandbox.catalogue.enumerated().filter {
            ($0.element["title"] ?? "").contains("기후변화") || ($0.element["author"] ?? "").contains("기후변화")
        }.map { $0.element.pyxisID }
        #expect(try dlib.run("search", "기후변화").stdout.firstColumnIds == Array(matching.prefix(20)))
        #expect(try dlib.run("search", "기후변화", "--next").stdout.firstColumnIds == Array(matching.dropFirst(20).prefix(20)))
        #expect(box.server.requests.compactMap(\.term) == ["기후변화", "기후변화"])
        let none = try dlib.run("search", "no such holding anywhere")
        #expect(none.status == 0)
        #expect(none.stderr == "dlib: no holdings match \u{201C}no such holding anywhere\u{201D}\n")
    }

    @Test func showAsksForTheCopiesAndFallsBackWhenItCannot() throws {
        let box = try pyxis()
        let dlib = box.dlib()
        #expect(try dlib.run("list").status == 0)
        let index = try #require((0..<20).first { PyxisRecord(record: Sandbox.catalogue[$0], index: $0).copies.count > 1 })
        let record = PyxisRecord(record: Sandbox.catalogue[index], index: index)
        let shown = try dlib.run("show", record.id)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stderr.isEmpty)
        for copy in record.copies {
            #expect(shown.stdout.contains(copy.location) && shown.stdout.contains(copy.state), "\(copy)")
        }
        #expect(box.server.requests.contains { $0.path.hasSuffix("/biblios/\(record.id)/items") })

        box.server.stop()
        let offline = try dlib.run("show", record.id, "--retries", "0", "--timeout", "2")
        #expect(offline.status == 0)
        #expect(offline.stderr.hasPrefix("dlib: could not ask for the copies' current state (could not connect to 127.0.0.1:"))
        #expect(offline.stdout.contains(record.titleStatement ?? "?"), "the cached holding is shown")
    }

    @Test func savedRecentExportSnapshotAndDiffWorkOnPyxis() throws {
        let box = try pyxis()
        let dlib = box.dlib()
        let ids = box.ids(page: 1)
        #expect(try dlib.run("list").status == 0)
        #expect(try dlib.run("saved", "add", ids[0], ids[3]).status == 0)
        #expect(try dlib.run("saved", "--format", "tsv").stdout.firstColumnIds == [ids[3], ids[0]])
        #expect(try dlib.run("show", ids[5], "--offline").status == 0)
        #expect(try dlib.run("recent", "--format", "tsv").stdout.firstColumnIds == [ids[5]])

        let folder = box.stateDir + "/out"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let export = try dlib.run("export", "-o", folder + "/all.csv")
        #expect(export.status == 0, "\(export.stderr)")
        var reader = CSVReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/all.csv"))))
        #expect(try reader.next() == HoldingRow.header)
        var exported: [String] = []
        while let row = try reader.next() { exported.append(row[0]) }
        #expect(exported == Sandbox.catalogue.map(\.pyxisID))

        let snapshots = folder + "/snapshots"
        #expect(try dlib.run("snapshot", "--dir", snapshots).status == 0)
        var changed = Sandbox.catalogue
        changed[7].fields["title"] = "바뀐 제목"
        box.server.replaceRecords(changed)
        let second = try dlib.run("snapshot", "--dir", snapshots)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("(+0 −0 ~1)"), "\(second.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: snapshots).filter { $0.hasSuffix(".csv") && $0 != "latest.csv" }.sorted()
        let diff = try dlib.run("diff", snapshots + "/" + names[0], snapshots + "/" + names[1])
        #expect(diff.stdout.contains("title: \(Sandbox.catalogue[7]["title"] ?? "") → 바뀐 제목"))
    }

    @Test func anOldPortalSnapshotStillDiffsAgainstANewOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-olddiff-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let oldHeader = "control_no,title,author,publisher,pub_year,isbn,call_no,material_type,location,reg_date,cover_url\r\n"
        try Data((oldHeader + "A1,Old title,,,,,,,,,\r\nA2,Gone,,,,,,,,,\r\n").utf8).write(to: URL(fileURLWithPath: folder + "/old.csv"))
        let newRows = RecordFormat.csv(excel: false).preamble()
            + Array(RecordFormat.csv(excel: false).encode(Holding(controlNo: "A1", title: "New title", availability: "대출가능")).utf8)
        try Data(newRows).write(to: URL(fileURLWithPath: folder + "/new.csv"))
        let diff = try Sandbox().dlib().run("diff", folder + "/old.csv", folder + "/new.csv")
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("0 added, 1 removed, 1 changed\n"))
        #expect(diff.stdout.contains("title: Old title → New title"))
        #expect(diff.stdout.contains("availability: — → 대출가능"))
    }

    @Test func withNothingConfiguredListTriesTheLibrarysPyxisServiceAndSaysWhyItFailed() throws {
        let box = try pyxis()
        var environment = box.dlib().environment
        environment["DLIB_ENDPOINT"] = nil
        let result = try DLibProcess(environment: environment).run("list", "--verbose", "--retries", "0", "--timeout", "5")
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("dlib: GET https://library.me.go.kr/pyxis-api/2/collections/2/search?all=k%7Ca%7C&offset=0&max=20&facet=false&isForPyxis3=true → ") == true)
        let last = String(lines.last ?? "")
        #expect(last.hasPrefix("dlib: could not resolve the host of library.me.go.kr:443") || last.hasPrefix("dlib: could not connect to library.me.go.kr:443")
            || last.hasPrefix("dlib: no answer from library.me.go.kr:443"), "\(last)")
    }

    @Test func theOtherDialectIsNamedEitherWay() throws {
        let box = try pyxis()
        let portalURL = box.server.endpoint(for: .portal)
        let asPyxis = try box.dlib().run("list", "--endpoint", portalURL)
        #expect(asPyxis.status == 1)
        #expect(asPyxis.stderr == "dlib: the server answered XML; is this a portal endpoint? try --source portal\n")
        let asPortal = try box.dlib().run("list", "--source", "portal")
        #expect(asPortal.status == 1)
        #expect(asPortal.stderr == "dlib: the server answered JSON; is this a Pyxis endpoint? try --source pyxis\n")
    }

    @Test func doctorNamesEachSettingsOriginAndEachStep() throws {
        let box = try pyxis()
        let result = try box.dlib().run("doctor")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("source     pyxis   (default: no service key is set)"))
        #expect(result.stdout.contains("endpoint   \(box.endpoint)   (environment DLIB_ENDPOINT)"))
        #expect(result.stdout.contains("key        not set"))
        for step in ["DNS        ok", "connect    ok", "TLS        not used (http)", "HTTP       200, ", "dialect    JSON, as the pyxis source expects", "items      1 holding of 1,237: "] {
            #expect(result.stdout.contains(step), "\(step)")
        }
        let wrong = try box.dlib().run("doctor", "--source", "portal")
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("source     portal   (flag --source)"))
        #expect(wrong.stdout.contains("dialect    JSON, but the portal source expects XML"))
    }
}

/// Each fault of the Pyxis dialect through the binary: the one line, how
/// often the server was asked, and that the cursor stayed.
@Suite struct PyxisFaultTests {
    typealias Outcome = FaultRun

    func nextPage(with fault: Fault, times: Int = .max, arguments: [String] = [], options: SampleServer.Options = .init()) throws -> Outcome {
        var options = options
        options.dialect = .pyxis
        return try FaultRun.nextPage(with: fault, times: times, arguments: arguments, options: options)
    }

    func failed(_ outcome: Outcome, _ line: String, attempts: Int) throws {
        try outcome.failed(line, attempts: attempts)
    }

    @Test func successFalseIsTheServersMessageNotRetried() throws {
        let outcome = try nextPage(with: .pyxisFailure(code: "error.internal", message: "일시적인 오류입니다.\u{1B}[31m\nsecond line"))
        try failed(outcome, "the server refused the request: 일시적인 오류입니다.[31m second line (error.internal); "
            + "`dlib list` sent an empty search term: if this server needs one, set list-term in the config file (or DLIB_LIST_TERM)",
            attempts: 1)
    }

    @Test func aMissingListIsNamed() throws {
        try failed(try nextPage(with: .wrongShape), "page 3: unexpected answer: data.list is missing", attempts: 1)
    }

    @Test(arguments: [-5, 1_000_000_000_000_000])
    func anImplausibleTotalCountIsRefused(count: Int) throws {
        let outcome = try nextPage(with: .totalCount(count))
        try failed(outcome, "the server claims \(count) holdings, which no catalogue holds; not paging through it", attempts: 1)
    }

    @Test func notJSONIsRetriedOnceThenNamed() throws {
        let outcome = try nextPage(with: .malformed)
        #expect(outcome.result.stderr.hasPrefix("dlib: page 3: the server's answer is not valid JSON ("))
        #expect(outcome.result.stderr.hasSuffix("(2 attempts)\n"))
        #expect(outcome.attempts == 2)
    }

    @Test func invalidUTF8IsRefused() throws {
        let outcome = try nextPage(with: .invalidUTF8, arguments: ["--retries", "0"])
        try failed(outcome, "page 3: the server's answer is not valid JSON (invalid UTF-8)", attempts: 1)
    }

    @Test func aDeeplyNestedDocumentFailsFast() throws {
        let outcome = try nextPage(with: .deepNesting, arguments: ["--retries", "0"])
        #expect(outcome.result.status == 1)
        #expect(outcome.result.stderr.hasPrefix("dlib: page 3: the server's answer is not valid JSON ("))
    }

    @Test func aTruncatedBodyIsRetriedThenNamed() throws {
        let outcome = try nextPage(with: .truncated, arguments: ["--retries", "1"])
        #expect(outcome.result.stderr.contains("was lost before the answer was complete"))
        #expect(outcome.attempts == 2)
    }

    @Test func anHTMLPageIsNamed() throws {
        let outcome = try nextPage(with: .html("서비스 점검 중입니다"))
        try failed(outcome, "the server sent an HTML page (text/html, HTTP 200) instead of JSON: \"서비스 점검 중입니다\"", attempts: 1)
    }

    @Test func aPassing503IsRetriedAndThePageShown() throws {
        let outcome = try nextPage(with: .status(503, retryAfter: "1"), times: 1)
        #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
        #expect(outcome.attempts == 2)
    }

    @Test func aPersistent500IsTriedFourTimes() throws {
        try failed(try nextPage(with: .status(500)), "page 3: the server answered HTTP 500 (4 attempts)", attempts: 4)
    }

    @Test func theOtherDialectOnOnePageIsNamed() throws {
        try failed(try nextPage(with: .otherDialect), "the server answered XML; is this a portal endpoint? try --source portal", attempts: 1)
    }

    @Test func anExportAgainstAServerThatIgnoresTheOffsetStops() throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        box.server.inject(.ignoreOffset)
        let out = box.stateDir + "-export.csv"
        let result = try box.dlib().run("export", "--page-size", "50", "-o", out)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("dlib: page "))
        #expect(result.stderr.contains("repeats the holdings of an earlier page"))
        #expect(result.stderr.contains("; stopped after ") && result.stderr.hasSuffix(" requests\n"), "\(result.stderr)")
        #expect(box.server.requests.count < 40, "it stopped: \(box.server.requests.count) requests")
        #expect(!FileManager.default.fileExists(atPath: out), "no half export")
    }

    @Test func aServerThatRefusesAnEmptyTermNamesTheSetting() throws {
        let box = try Sandbox(options: .init(dialect: .pyxis, refuseEmptyTerm: true))
        let refused = try box.dlib().run("list")
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("dlib: the server refused the request: 검색어를 입력하세요."))
        #expect(refused.stderr.contains("list-term"))
        let listed = try box.dlib(extra: ["DLIB_LIST_TERM": "환경"]).run("list")
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(box.server.requests.last?.term == "환경")
    }
}

extension PyxisFaultTests {
    @Test func aServerThatHangsTimesOut() throws {
        let outcome = try nextPage(with: .hang, arguments: ["--timeout", "1", "--retries", "0"])
        #expect(outcome.result.status == 1)
        #expect(outcome.result.stderr.hasPrefix("dlib: no answer from 127.0.0.1:"))
        #expect(outcome.result.stderr.hasSuffix(" within 1 s\n"))
        outcome.box.server.stop()
    }

    @Test func aSlowAnswerWithinTheTimeoutIsFine() throws {
        let outcome = try nextPage(with: .delay(.milliseconds(300)), arguments: ["--timeout", "5"])
        #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
    }
}
