import Foundation
import Testing
@testable import DLibKit

/// The Pyxis JSON answer read into holdings: the contract's example field
/// by field, every variant public clients have met, and each failure as
/// the one error it should be.
@Suite struct PyxisMappingTests {
    static let endpoint = "https://library.example.invalid/pyxis-api/2/collections/2"

    func page(_ json: String, status: Int = 200, contentType: String? = "application/json") throws(CatalogueError) -> Page {
        try page(Array(json.utf8), status: status, contentType: contentType)
    }

    func page(_ body: [UInt8], status: Int = 200, contentType: String? = "application/json") throws(CatalogueError) -> Page {
        let client = CatalogueClient(config: ServiceConfig(endpoint: Self.endpoint, serviceKey: nil, source: .pyxis))
        return try client.interpret(HTTPResponse(status: status, contentType: contentType, body: body),
                                    for: PageQuery(pageNo: 1, pageSize: 20, keyword: "x"))
    }

    func error(_ json: String, status: Int = 200) -> CatalogueError? {
        do { _ = try page(json, status: status); return nil } catch { return error }
    }

    static func envelope(_ list: String, total: String = "1") -> String {
        #"{"success":true,"code":"success.retrieved","message":"조회되었습니다.","data":{"isFuzzy":false,"totalCount":\#(total),"offset":0,"max":20,"list":[\#(list)]}}"#
    }

    @Test func readsTheContractsExampleWithEveryField() throws {
        let page = try page(Fixture.bytes("pyxis-canonical.json"))
        #expect(page.totalCount == 755)
        #expect(page.holdings.count == 1)
        let holding = try #require(page.holdings.first)
        #expect(holding == Holding(
            controlNo: "5006619", title: "(스프링 입문을 위한) 자바 객체 지향의 원리와 이해", author: "김종민",
            publisher: "위키북스", pubYear: "2015", isbn: "9788998139940", callNo: "005.133J2 김7563자",
            materialType: "단행본", location: "중앙도서관", regDate: "2023-06-08",
            coverUrl: "https://library.example.invalid/attachments/biblio/thumbnails/68ec9e00-193f-2be9-e054-002128e7f09a",
            place: "파주", pages: "396 p.", size: "24 cm", availability: "대출가능",
            copies: [Copy(location: "중앙도서관", callNo: "005.133J2 김7563자", availability: "대출가능", stateCode: "READY")]))
    }

    @Test(arguments: [
        ("파주 : 이봄, 2016", "파주", "이봄", "2016"),
        ("파주 :위키북스,2015", "파주", "위키북스", "2015"),
        ("서울 : 홍릉, 2025", "서울", "홍릉", "2025"),
        ("[S.l.] : [s.n.], 2019", "[S.l.]", "[s.n.]", "2019"),
        ("2019", nil, nil, "2019"),
        ("Cham : Springer", "Cham", "Springer", nil),
    ] as [(String, String?, String?, String?)])
    func splitsEveryPublicationForm(text: String, place: String?, publisher: String?, year: String?) {
        #expect(Publication(text) == Publication(testPlace: place, publisher: publisher, year: year))
    }

    @Test func publisherAndYearSentApartWinOverTheSplit() throws {
        let holding = try #require(try page(Self.envelope(
            #"{"id":1,"publication":"파주 : 이봄, 2016","publisher":"이봄출판","publishYear":2017}"#)).holdings.first)
        #expect(holding.publisher == "이봄출판")
        #expect(holding.pubYear == "2017")
        #expect(holding.place == "파주")
    }

    @Test func idsComeAsNumbersStringsOrNumbersTooLargeForAnyInteger() throws {
        let holdings = try page(Self.envelope(#"{"id":42},{"id":"  ME-77 "},{"id":123456789012345678901234567890},{"title":"no id"}"#, total: "4"))
        #expect(holdings.holdings.map(\.controlNo) == ["42", "ME-77", "123456789012345678901234567890"])
        #expect(holdings.itemsWithoutId == 1)
    }

    @Test func thumbnailsAreResolvedAgainstTheOriginOrDropped() throws {
        let list = [
            #"{"id":1,"thumbnailUrl":"/attachments/biblio/thumbnails/abc"}"#,
            #"{"id":2,"thumbnailUrl":"https://covers.example.invalid/2.jpg"}"#,
            #"{"id":3,"thumbnailUrl":null}"#,
            #"{"id":4,"thumbnailUrl":"   "}"#,
            #"{"id":5,"thumbnailUrl":""}"#,
            #"{"id":6,"thumbnailUrl":"javascript:alert(1)"}"#,
            #"{"id":7,"thumbnailUrl":"//cdn.example.invalid/7.png"}"#,
        ].joined(separator: ",")
        let covers = try page(Self.envelope(list, total: "7")).holdings.map(\.coverUrl)
        #expect(covers == [
            "https://library.example.invalid/attachments/biblio/thumbnails/abc",
            "https://covers.example.invalid/2.jpg", nil, nil, nil, nil,
            "https://cdn.example.invalid/7.png",
        ])
    }

    @Test func severalCopiesAreKeptAndTheFirstLeads() throws {
        let holding = try #require(try page(Self.envelope(#"""
            {"id":9,"branchVolumes":[
              {"id":1,"name":"세종 본관 2층 자료실","volume":"539.9 국233ㄱ","cState":"대출중","cStateCode":"LOAN"},
              {"id":2,"name":"서울 분관","volume":"539.9 국233ㄱ c.2","cState":"대출가능","cStateCode":"READY"},
              {"id":3,"name":"보존서고","volume":null,"cState":"정리중","cStateCode":"PROCESSING"}]}
            """#)).holdings.first)
        #expect(holding.copies.count == 3)
        #expect(holding.availability == "대출중")
        #expect(holding.location == "세종 본관 2층 자료실")
        #expect(holding.callNo == "539.9 국233ㄱ")
        #expect(holding.copies[2] == Copy(location: "보존서고", availability: "정리중", stateCode: "PROCESSING"))
        #expect(TablePrinter.availability(holding) == "대출중 +2")
    }

    @Test func etcContentIsReadWhenItParsesAndIgnoredWhenNot() throws {
        let list = [
            #"{"id":1,"etcContent":"{\"PAGE\":\"396 p.\",\"HEIGHT\":\"24 cm\"}"}"#,
            #"{"id":2,"etcContent":"{PAGE: 3"}"#,
            #"{"id":3,"etcContent":null}"#,
            #"{"id":4,"etcContent":""}"#,
            #"{"id":5,"etcContent":"[1,2]"}"#,
        ].joined(separator: ",")
        let holdings = try page(Self.envelope(list, total: "5")).holdings
        #expect(holdings.map(\.pages) == ["396 p.", nil, nil, nil, nil])
        #expect(holdings.map(\.size) == ["24 cm", nil, nil, nil, nil])
    }

    @Test func theMaterialTypeComesFromEitherNameAndWrongTypesAreMissing() throws {
        let list = [
            #"{"id":1,"biblioType":{"id":1,"name":"단행본","materialType":{"name":"도서"}}}"#,
            #"{"id":2,"biblioType":{"materialType":{"id":1,"code":"BK","name":"전자책"}}}"#,
            #"{"id":3,"biblioType":"weird","titleStatement":["not","text"],"author":{"a":1},"isbn":9788998139940}"#,
        ].joined(separator: ",")
        let holdings = try page(Self.envelope(list, total: "3")).holdings
        #expect(holdings.map(\.materialType) == ["단행본", "전자책", nil])
        #expect(holdings[2].title == nil && holdings[2].author == nil)
        #expect(holdings[2].isbn == "9788998139940")
    }

    @Test func successFalseIsTheServersCodeAndMessage() {
        let failure = error(#"{"success":false,"code":"error.search.keyword.required","message":"검색어를 입력하세요.","data":null}"#)
        #expect(failure == .pyxisFailure(code: "error.search.keyword.required", message: "검색어를 입력하세요."))
        #expect(failure?.userMessage == "the server refused the request: 검색어를 입력하세요. (error.search.keyword.required)")
    }

    @Test func aMissingListIsNamed() {
        #expect(error(#"{"success":true,"data":{"totalCount":3}}"#) == .unexpectedAnswer(detail: "data.list is missing"))
        #expect(error(#"{"success":true,"data":{"totalCount":3,"list":null}}"#) == .unexpectedAnswer(detail: "data.list is missing"))
        #expect(error(#"{"success":true,"data":{"list":{"a":1}}}"#) == .unexpectedAnswer(detail: "data.list is not a list"))
        #expect(error(#"{"success":true}"#) == .unexpectedAnswer(detail: "data is missing"))
        #expect(error(#"{"success":true}"#)?.userMessage == "unexpected answer: data is missing")
    }

    @Test(arguments: ["-5", "100000001", "1e400", "99999999999999999999999", "2.5", "\"many\""])
    func anImplausibleTotalCountIsRefused(total: String) {
        guard case .implausibleCount? = error(Self.envelope(#"{"id":1}"#, total: total)) else {
            Issue.record("totalCount \(total) was accepted")
            return
        }
    }

    @Test func theOtherDialectIsNamedNotParsed() {
        let xml = "<?xml version=\"1.0\"?><response><header><resultCode>00</resultCode></header></response>"
        #expect(error(xml) == .otherDialect(answered: .portal, asked: .pyxis))
        #expect(error(xml)?.userMessage == "the server answered XML; is this a portal endpoint? try --source portal")
    }

    @Test func notJSONAnHTMLPageAndAnEmptyBodyAreEachNamed() {
        guard case .notJSON? = error("{\"success\": tru") else { Issue.record("cut JSON"); return }
        guard case .notJSON? = error("hello") else { Issue.record("text"); return }
        let html = error("<!DOCTYPE html><html><head><title>점검 중</title></head></html>")
        #expect(html?.userMessage == "the server sent an HTML page (application/json, HTTP 200) instead of JSON: \"점검 중\"")
        #expect(error("  ") == .emptyAnswer(status: 200))
        #expect(error("{}", status: 503) == .http(status: 503, retryAfter: nil))
    }

    @Test func requestsAreTheContractsWithTheTermEncodedOnce() {
        let config = ServiceConfig(endpoint: Self.endpoint + "/", serviceKey: "never-sent", source: .pyxis, listTerm: "환경")
        #expect(PageQuery(pageNo: 3, pageSize: 20, keyword: "기후 변화|x").url(for: config)
            == Self.endpoint + "/search?all=k%7Ca%7C%EA%B8%B0%ED%9B%84%20%EB%B3%80%ED%99%94%7Cx&offset=40&max=20&facet=false&isForPyxis3=true")
        #expect(PageQuery(pageNo: 1, pageSize: 5).url(for: config)
            == Self.endpoint + "/search?all=k%7Ca%7C%ED%99%98%EA%B2%BD&offset=0&max=5&facet=false&isForPyxis3=true")
        #expect(PageQuery(pageNo: Int.max, pageSize: 100).url(for: config).contains("offset=\(Int.max)&"), "no overflow trap")
        #expect(PyxisItems.url(id: "5006619", config: config) == "https://library.example.invalid/pyxis-api/1/biblios/5006619/items")
    }

    @Test func itemsComeAsAnArrayOrAsAList() throws {
        let copy = #"{"id":1,"barcode":"EM1","callNo":"005.1","location":{"id":1,"name":"중앙도서관"},"circulationState":{"code":"LOAN","name":"대출중","isCharged":true},"dueDate":"2026-12-01","holdCount":0}"#
        let expected = [Copy(location: "중앙도서관", callNo: "005.1", availability: "대출중", stateCode: "LOAN", dueDate: "2026-12-01", barcode: "EM1")]
        for body in [#"{"success":true,"data":[\#(copy)]}"#, #"{"success":true,"data":{"list":[\#(copy)]}}"#] {
            #expect(try PyxisItems.copies(from: HTTPResponse(status: 200, body: Array(body.utf8))) == expected)
        }
    }

    @Test func deepNestingInvalidUTF8AndDuplicateKeysFailOrParseWithoutACrash() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        guard case .notJSON? = error(#"{"success":true,"data":{"list":"# + deep + "}}") else {
            Issue.record("a document nested 100,000 deep was not refused")
            return
        }
        var invalid = Array(Self.envelope(#"{"id":1,"titleStatement":"AB"}"#).utf8)
        let at = try #require(invalid.firstIndex(of: UInt8(ascii: "A")))
        invalid[at] = 0xFF
        #expect(throws: CatalogueError.notJSON(detail: "invalid UTF-8")) { try page(invalid) }
        let duplicate = try page(Self.envelope(#"{"id":1,"id":2,"titleStatement":"a","titleStatement":"b"}"#))
        #expect(duplicate.holdings.count == 1)
    }
}

extension PyxisMappingTests {
    @Test func everyPyxisFixtureIsReadOrRefusedInOneError() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Fixture.folder.path)
            .filter { $0.hasPrefix("pyxis-") && $0.hasSuffix(".json") }.sorted()
        #expect(names.count >= 10, "the fixtures are there: \(names)")
        for name in names {
            let bytes = try Fixture.bytes(name)
            if name.hasPrefix("pyxis-items-") {
                #expect(try !PyxisItems.copies(from: HTTPResponse(status: 200, body: bytes)).isEmpty, "\(name)")
                continue
            }
            do {
                let page = try page(bytes)
                #expect(!page.holdings.isEmpty, "\(name) read")
            } catch {
                #expect(!error.userMessage.isEmpty, "\(name) refused in one line")
            }
        }
    }

    @Test func theVariantsFixtureReadsAsTheContractSays() throws {
        let page = try page(Fixture.bytes("pyxis-variants.json"))
        #expect(page.holdings.map(\.controlNo) == ["101", "102", "1000000000000000000000000000000", "104", "105", "106", "107", "108"])
        let byId = Dictionary(uniqueKeysWithValues: page.holdings.map { ($0.controlNo, $0) })
        #expect(byId["102"]?.copies.count == 3)
        #expect(byId["102"]?.coverUrl == "https://library.example.invalid/attachments/biblio/thumbnails/68ec9e00-193f-2be9-e054-002128e7f09a")
        #expect(byId["104"]?.publisher == "[s.n.]" && byId["104"]?.place == "[S.l.]")
        #expect(byId["105"]?.pubYear == "2021" && byId["105"]?.publisher == nil)
        #expect(byId["104"]?.coverUrl == nil && byId["105"]?.coverUrl == nil)
    }

    @Test func failuresFromTheFixturesAreTheirErrors() throws {
        #expect(throws: CatalogueError.self) { try page(Fixture.bytes("pyxis-failure.json")) }
        #expect(throws: CatalogueError.unexpectedAnswer(detail: "data.list is missing")) { try page(Fixture.bytes("pyxis-no-list.json")) }
        #expect(throws: CatalogueError.notJSON(detail: "invalid UTF-8")) { try page(Fixture.bytes("pyxis-invalid-utf8.json")) }
        do {
            _ = try page(try Fixture.bytes("pyxis-big-numbers.json"))
            Issue.record("totalCount 1e400 was accepted")
        } catch let error as CatalogueError {
            guard case .implausibleCount = error else { Issue.record("\(error)"); return }
        }
    }
}

extension Publication {
    init(testPlace place: String?, publisher: String?, year: String?) {
        self.init("")
        self.place = place
        self.publisher = publisher
        self.year = year
    }
}
