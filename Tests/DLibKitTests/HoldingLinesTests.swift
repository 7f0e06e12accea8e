@testable import DLibKit
import Foundation
import Testing

@Suite struct HoldingLinesTests {
    @Test func idsSortDigitsByNumberThenTheRestByBytes() {
        let ids = ["MOE10", "10", "9", "MOE9", "100", "MOEa", "0100", "Z", "가"]
        let sorted = ids.sorted(by: HoldingLines.precedes)
        #expect(sorted == ["9", "10", "100", "0100", "MOE10", "MOE9", "MOEa", "Z", "가"])
        // A strict order: never both ways, so sorting is stable across runs.
        for left in ids {
            for right in ids where left != right {
                #expect(HoldingLines.precedes(left, right) != HoldingLines.precedes(right, left))
            }
        }
    }

    @Test func linesReadBackAsTheHoldingsTheyWereMadeFrom() throws {
        let holdings = [
            Holding(controlNo: "200", title: "둘째", isbn: "0123456789", copies: [
                Copy(location: "세종 본관", callNo: "363.7 ㄱ12", availability: "대출가능"),
                Copy(location: "서울 분관", callNo: "363.7 ㄱ12 =2", availability: "대출중", dueDate: "2026-12-01"),
            ]),
            Holding(controlNo: "3", title: "\"quoted\", with\nline break", author: nil),
        ]
        var lines = HoldingLines()
        lines.add(holdings)
        let sorted = lines.sorted()
        #expect(sorted.map(\.id) == ["3", "200"])
        #expect(sorted.allSatisfy { !$0.line.contains("\n") }, "one line per holding")
        let file = Data(sorted.map { $0.line + "\n" }.joined().utf8)
        let read = try HoldingLines.holdings(in: file, name: "holdings.jsonl")
        #expect(read == [holdings[1], holdings[0]])
    }

    @Test func theQuickIdReaderTakesOnlyPlainIds() {
        #expect(HoldingLines.plainLeadingId(#"{"controlNo":"MOE1","title":null}"#) == "MOE1")
        #expect(HoldingLines.plainLeadingId(#"{"controlNo":"a\"b","title":null}"#) == nil, "escaped: parsed in full instead")
        #expect(HoldingLines.plainLeadingId(#"{"title":"x","controlNo":"1"}"#) == nil)
        #expect(HoldingLines.plainLeadingId(#"{"controlNo":"unterminated"#) == nil)
    }

    @Test func aLineThatIsNotAnObjectIsNamed() {
        #expect(throws: StateError.notDlibs("x.jsonl", detail: "line 2 is not a JSON object", remedy: nil)) {
            try HoldingLines.holdings(in: Data("{\"controlNo\":\"1\"}\n[1]\n".utf8), name: "x.jsonl")
        }
    }
}
