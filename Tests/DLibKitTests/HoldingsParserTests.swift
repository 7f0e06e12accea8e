import Testing
@testable import DLibKit

@Suite struct HoldingsParserTests {
    @Test func readsTheContractsExampleWithEveryField() throws {
        let page = try HoldingsParser.parse(Fixture.bytes("canonical.xml"))
        #expect(page.pageNo == 1)
        #expect(page.pageSize == 20)
        #expect(page.totalCount == 1237)
        #expect(page.totalPages == 62)
        #expect(page.hasNext)
        #expect(page.holdings.count == 2)
        #expect(page.holdings[0] == Holding(
            controlNo: "MOE000001234", title: "기후변화 적응과 생태계 서비스", author: "국립생태원 편",
            publisher: "국립생태원", pubYear: "2021", isbn: "9791190000000", callNo: "539.9 국233ㄱ",
            materialType: "단행본", location: "세종 본관 2층 자료실", regDate: "2021-03-15",
            coverUrl: "https://example.invalid/covers/1234.jpg"))
        #expect(page.holdings[1] == Holding(controlNo: "MOE000001235", title: "Air Quality Handbook", regDate: "2022-01-05"))
    }

    @Test func acceptsAliasesButPrefersCanonicalNames() throws {
        let page = try HoldingsParser.parse(Fixture.bytes("aliases.xml"))
        #expect(page.holdings.map(\.controlNo) == ["KOL000000001", "MOE000000002", "KOL000000003"])
        let first = page.holdings[0]
        #expect(first.title == "습지의 과학")
        #expect(first.coverUrl == "https://example.invalid/t/1.jpg")
        #expect(first.publisher == "에코리브르")
        #expect(first.pubYear == "2019")
        let second = page.holdings[1]
        #expect(second.title == "Canonical wins")
        #expect(second.publisher == "Canonical Publisher")
        #expect(second.pubYear == "1999", "publication fills only the fields that are absent")
        let third = page.holdings[2]
        #expect(third.publisher == "Routledge")
        #expect(third.pubYear == "2015")
        #expect(page.pageNo == 2)
    }

    @Test func handlesCDATAEntitiesWhitespaceEmptiesAndAnyOrder() throws {
        let page = try HoldingsParser.parse(Fixture.bytes("awkward-values.xml"))
        #expect(page.holdings.count == 2)
        #expect(page.itemsWithoutId == 1)
        let first = page.holdings[0]
        #expect(first.controlNo == "MOE000000010")
        #expect(first.title == "Rivers & Lakes <Field Notes>")
        #expect(first.author == "Kim & Lee 가나")
        #expect(first.publisher == nil, "whitespace only means missing")
        #expect(first.isbn == nil, "an empty element means missing")
        #expect(first.coverUrl == nil, "a self-closed element means missing")
        #expect(first.location == "세종", "ideographic spaces around a value are trimmed")
        let second = page.holdings[1]
        #expect(second.title == "기후, 물, 그리고 \"도시\"\n두 번째 줄\t탭", "inner line breaks and tabs are data")
        #expect(second.author == "🌏 zero\u{200B}width")
        #expect(page.totalCount == 3)
    }

    @Test func gatewayEnvelopeBecomesATypedError() throws {
        #expect(throws: CatalogueError.gateway(
            reasonCode: "30", authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR", errorMessage: "SERVICE ERROR")
        ) {
            try HoldingsParser.parse(Fixture.bytes("gateway-error.xml"))
        }
    }

    @Test func resultCodeOtherThanNormalBecomesATypedError() throws {
        let error = #expect(throws: CatalogueError.self) {
            try HoldingsParser.parse(Fixture.bytes("quota-error.xml"))
        }
        #expect(error == .api(code: "22", message: "LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR"))
        #expect(error?.userMessage.contains("quota") == true)
    }

    @Test func noDataIsAnEmptyPageNotAFailure() throws {
        let page = try HoldingsParser.parse(Fixture.bytes("nodata.xml"), defaultPageNo: 7, defaultPageSize: 20)
        #expect(page.holdings.isEmpty)
        #expect(page.isPastEnd)
        #expect(page.pageNo == 7)
        #expect(page.totalCount == nil)
    }

    @Test func truncatedBodyIsMalformed() throws {
        let error = #expect(throws: CatalogueError.self) {
            try HoldingsParser.parse(Fixture.bytes("truncated.xml"))
        }
        guard case .malformed = error else {
            Issue.record("expected .malformed, got \(String(describing: error))")
            return
        }
    }

    @Test func aDocumentOfAnotherKindIsMalformed() throws {
        #expect(throws: CatalogueError.malformed(detail: "unexpected root element <rss>")) {
            try HoldingsParser.parse(Fixture.bytes("not-a-catalogue.xml"))
        }
    }

    @Test func emptyBodyIsMalformed() {
        #expect(throws: CatalogueError.self) { try HoldingsParser.parse([]) }
    }

    @Test func feedingInSmallChunksGivesTheSamePage() throws {
        let bytes = try Fixture.bytes("awkward-values.xml")
        let whole = try HoldingsParser.parse(bytes)
        let parser = HoldingsParser()
        for start in stride(from: 0, to: bytes.count, by: 7) {
            bytes[start..<min(start + 7, bytes.count)].withUnsafeBytes { parser.feed($0) }
        }
        #expect(try parser.finish(defaultPageNo: 1, defaultPageSize: 0) == whole)
    }
}
