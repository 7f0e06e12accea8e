import Foundation
import Testing
@testable import DLibKit

@Suite struct ExportFormatTests {
    func csv(_ holdings: [Holding], excel: Bool = false) -> [UInt8] {
        let format = RecordFormat.csv(excel: excel)
        return format.preamble() + Array(holdings.map(format.encode).joined().utf8)
    }

    @Test func everyAwkwardStringSurvivesACSVRoundTrip() throws {
        var reader = CSVReader(bytes: csv(AwkwardPage.holdings))
        #expect(try reader.next() == HoldingRow.header)
        var back: [Holding] = []
        while let row = try reader.next() { back.append(try #require(HoldingRow.holding(row))) }
        #expect(back == AwkwardPage.holdings)
    }

    @Test func csvIsRFC4180WithCRLF() {
        let text = String(decoding: csv([Holding(controlNo: "A1", title: "a, \"b\"\nc", author: "plain")]), as: UTF8.self)
        #expect(text == "control_no,title,author,publisher,pub_year,isbn,call_no,material_type,location,reg_date,cover_url,"
            + "place,edition,issn,pages,size,availability,copies\r\n"
            + "A1,\"a, \"\"b\"\"\nc\",plain,,,,,,,,,,,,,,,\r\n")
    }

    @Test func everyAwkwardStringSurvivesAJSONLinesRoundTrip() throws {
        let lines = AwkwardPage.holdings.map(RecordFormat.jsonLines.encode)
        #expect(lines.allSatisfy { $0.hasSuffix("\n") && $0.dropLast().contains("\n") == false })
        let back = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(Holding(jsonObject: object))
        }
        #expect(back == AwkwardPage.holdings)
    }

    @Test func excelGetsABOMAndNeutralisedFormulas() throws {
        let holding = Holding(controlNo: "A1", title: "=HYPERLINK(\"http://evil\")", author: "+1", publisher: "-x",
                              pubYear: "@y", isbn: "\tz", callNo: "ok=fine")
        let bytes = csv([holding], excel: true)
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        var reader = CSVReader(bytes: bytes)
        _ = try reader.next()
        let row = try #require(try reader.next())
        #expect(Array(row[1...6]) == ["'=HYPERLINK(\"http://evil\")", "'+1", "'-x", "'@y", "'\tz", "ok=fine"])
        // Without --excel the data is left exactly as it is.
        var plain = CSVReader(bytes: csv([holding]))
        _ = try plain.next()
        #expect(try plain.next()?[1] == "=HYPERLINK(\"http://evil\")")
        #expect(csv([holding]).first == UInt8(ascii: "c"))
    }

    @Test func csvReaderReadsLFAndAnUnterminatedQuoteIsAnError() throws {
        var reader = CSVReader(bytes: Array("a,b\n\"x\ny\",\"\"\n".utf8))
        #expect(try reader.next() == ["a", "b"])
        #expect(try reader.next() == ["x\ny", ""])
        #expect(try reader.next() == nil)
        var broken = CSVReader(bytes: Array("a,\"b\n".utf8))
        #expect(throws: CSVReader.Failure.unterminatedQuote(row: 1)) { try broken.next() }
    }

    @Test func sha256MatchesTheStandardVectors() {
        var empty = SHA256()
        #expect(empty.finish() == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        var abc = SHA256()
        abc.update(Array("abc".utf8))
        #expect(abc.finish() == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        var long = SHA256()
        for chunk in Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8).chunked(7) { long.update(chunk) }
        #expect(long.finish() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func diffNamesTheFieldsThatChanged() {
        let old = [Holding(controlNo: "A", title: "t"), Holding(controlNo: "B", title: "b", author: "x"), Holding(controlNo: "C")]
        let new = [Holding(controlNo: "B", title: "b", author: "y"), Holding(controlNo: "C"), Holding(controlNo: "D")]
        let diff = SnapshotDiff(old: old, new: new)
        #expect(diff.added.map(\.controlNo) == ["D"])
        #expect(diff.removed.map(\.controlNo) == ["A"])
        #expect(diff.changed.count == 1)
        #expect(diff.changed.first?.fields.map { [$0.name, $0.old, $0.new] } == [["author", "x", "y"]])
    }

    @Test func retryPolicySortsTransientFromPermanent() {
        let policy = RetryPolicy(retries: 3, baseDelay: .milliseconds(100))
        func decide(_ error: CatalogueError, _ attempt: Int = 1) -> Bool {
            policy.decide(after: error, attempt: attempt, elapsed: .zero) != .giveUp
        }
        #expect(decide(.http(status: 503, retryAfter: nil)))
        #expect(decide(.http(status: 429, retryAfter: nil)))
        #expect(decide(.http(status: 500, retryAfter: nil)))
        #expect(!decide(.http(status: 404, retryAfter: nil)))
        #expect(decide(.api(code: "99", message: "UNKNOWN_ERROR")))
        for code in ["10", "12", "20", "22", "30", "31", "32"] {
            #expect(!decide(.api(code: code, message: "")), "code \(code) is permanent")
        }
        #expect(decide(.malformed(detail: "x"), 1))
        #expect(!decide(.malformed(detail: "x"), 2), "malformed XML is retried once")
        #expect(!decide(.notXML(status: 200, contentType: "text/html", excerpt: "")))
        #expect(!decide(.http(status: 503, retryAfter: nil), 4), "three retries, four attempts")
        #expect(policy.decide(after: .http(status: 503, retryAfter: "2"), attempt: 1, elapsed: .zero) == .retry(after: .seconds(2)))
        #expect(policy.decide(after: .http(status: 503, retryAfter: "120"), attempt: 1, elapsed: .zero) == .giveUp,
                "a Retry-After beyond the time budget ends the run instead of stalling it")
        let date = RetryPolicy.retryAfter("Sun, 22 Nov 2026 03:00:05 GMT", now: Date(timeIntervalSince1970: 1_795_316_400))
        #expect(date == .seconds(5))
    }
}

extension Array {
    func chunked(_ size: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: count, by: size).map { self[$0..<Swift.min($0 + size, count)] }
    }
}
