import DLibKit
import Foundation
import SampleServer
import Testing

/// The sample server's Pyxis dialect, asked over loopback with dlib's own
/// libcurl client, as a Pyxis client of dlib will ask it.
@Suite struct SampleServerPyxisTests {
    /// RFC 3986 unreserved characters; everything else, Hangul's UTF-8
    /// bytes included, is percent-encoded once.
    static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// GET `<base>/search` the way the library's web client does.
    static func search(_ box: Sandbox, term: String = "", offset: Int, max: Int) async throws -> (status: Int, body: [String: Any]) {
        let encoded = try #require(("k|a|" + term).addingPercentEncoding(withAllowedCharacters: unreserved))
        return try await get(box.endpoint + "/search?all=\(encoded)&offset=\(offset)&max=\(max)&facet=false&isForPyxis3=true")
    }

    static func get(_ url: String) async throws -> (status: Int, body: [String: Any]) {
        let response = try await CurlClient().get(HTTPRequest(url: url))
        let object = try JSONSerialization.jsonObject(with: Data(response.body))
        return (response.status, try #require(object as? [String: Any], "an object: \(url)"))
    }

    /// A holding's id as text, whether it came as a number or a string.
    static func idText(_ value: Any?) -> String? {
        if let text = value as? String { return text }
        if let number = value as? Int { return String(number) }
        return nil
    }

    static func list(_ body: [String: Any]) throws -> [[String: Any]] {
        let data = try #require(body["data"] as? [String: Any])
        return try #require(data["list"] as? [[String: Any]])
    }

    @Test func pageTwoAtTwentyHoldsTheCataloguesHoldings21To40() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        #expect(box.endpoint.hasSuffix("/pyxis-api/2/collections/2"))
        let (status, body) = try await Self.search(box, offset: 20, max: 20)
        #expect(status == 200)
        #expect(body["success"] as? Bool == true)
        #expect(body["code"] as? String == "success.retrieved")
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["totalCount"] as? Int == 1237)
        #expect(data["offset"] as? Int == 20)
        #expect(data["max"] as? Int == 20)
        let holdings = try Self.list(body)
        let expected = (20..<40).map { PyxisRecord(record: Sandbox.catalogue[$0], index: $0) }
        #expect(holdings.compactMap { Self.idText($0["id"]) } == expected.map(\.id))
        // Index 28 is one of the holdings whose id comes as a string.
        #expect(holdings.map { $0["id"] is String } == expected.map(\.idIsString))
        #expect(expected.contains { $0.idIsString })
        #expect(holdings.map { $0["titleStatement"] as? String } == expected.map(\.titleStatement))

        #expect(box.server.requestCounts() == [2: 1])
        let logged = try #require(box.server.requests.first)
        #expect(logged.dialect == .pyxis)
        #expect(logged.offset == 20 && logged.max == 20 && logged.term == "")
    }

    @Test func aHangulTermFindsTitlesAndAuthorsHoldingIt() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        let (_, body) = try await Self.search(box, term: "탄소", offset: 0, max: 100)
        let matching = Sandbox.catalogue.filter { ($0["title"] ?? "").contains("탄소") || ($0["author"] ?? "").contains("탄소") }
        let data = try #require(body["data"] as? [String: Any])
        #expect(!matching.isEmpty)
        #expect(data["totalCount"] as? Int == matching.count)
        #expect(try Self.list(body).compactMap { Self.idText($0["id"]) } == matching.prefix(100).map(\.pyxisID))
        #expect(box.server.requests.first?.term == "탄소")
    }

    @Test func itemsComeAsAnArrayForEvenIdsAndAsAListForOddOnes() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        let origin = try #require(box.endpoint.components(separatedBy: "/pyxis-api/").first)
        // MOE100000074 (index 1, two copies) and MOE100000037 (index 0, one).
        for index in [1, 0] {
            let holding = PyxisRecord(record: Sandbox.catalogue[index], index: index)
            let (status, body) = try await Self.get(origin + "/pyxis-api/1/biblios/\(holding.id)/items")
            #expect(status == 200)
            let copies: [[String: Any]]
            if Int(holding.id).map({ $0 % 2 == 0 }) ?? false {
                copies = try #require(body["data"] as? [[String: Any]], "a bare array for \(holding.id)")
            } else {
                let data = try #require(body["data"] as? [String: Any], "an object for \(holding.id)")
                copies = try #require(data["list"] as? [[String: Any]])
            }
            #expect(copies.compactMap { $0["barcode"] as? String } == holding.copies.map(\.barcode))
            #expect(copies.compactMap { ($0["location"] as? [String: Any])?["name"] as? String } == holding.copies.map(\.location))
            #expect(copies.first?["callNo"] as? String == Sandbox.catalogue[index]["callNo"])
        }
        let (status, body) = try await Self.get(origin + "/pyxis-api/1/biblios/42/items")
        #expect(status == 404)
        #expect(body["success"] as? Bool == false)
        #expect(box.server.requests.compactMap(\.biblioID) == ["100000074", "100000037", "42"])
        #expect(box.server.requestCounts().isEmpty, "items requests are for no page")
    }

    @Test func aFaultOnPageThreeFiresForOffsetFortyAtTwenty() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        box.server.inject(.pyxisFailure(code: "error.system", message: "시스템 점검 중입니다."), page: 3, times: 1)
        let (_, second) = try await Self.search(box, offset: 20, max: 20)
        #expect(second["success"] as? Bool == true)
        let (status, third) = try await Self.search(box, offset: 40, max: 20)
        #expect(status == 200)
        #expect(third["success"] as? Bool == false)
        #expect(third["code"] as? String == "error.system")
        #expect(third["message"] as? String == "시스템 점검 중입니다.")
        let (_, again) = try await Self.search(box, offset: 40, max: 20)
        #expect(try Self.list(again).count == 20, "the fault fired once")
        #expect(box.server.requestCounts() == [2: 1, 3: 2])
    }

    @Test func bothDialectsOfOneServerServeTheSameHoldings() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        let portal = try await CurlClient().get(HTTPRequest(url: box.server.endpoint(for: .portal) + "?pageNo=3&numOfRows=20"))
        let xml = String(decoding: portal.body, as: UTF8.self)
        let controlNumbers = xml.components(separatedBy: "<controlNo>").dropFirst().compactMap {
            $0.components(separatedBy: "</controlNo>").first?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(controlNumbers == Sandbox.catalogue[40..<60].map(\.controlNo))
        let (_, body) = try await Self.search(box, offset: 40, max: 20)
        #expect(try Self.list(body).compactMap { Self.idText($0["id"]) } == Sandbox.catalogue[40..<60].map(\.pyxisID))
        #expect(box.server.requests.map(\.dialect) == [.portal, .pyxis])
        #expect(box.server.requestCounts() == [3: 2])
    }

    @Test func anEmptyTermIsRefusedWhenTheServerIsToldTo() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis, refuseEmptyTerm: true))
        let (status, body) = try await Self.search(box, term: "  ", offset: 0, max: 20)
        #expect(status == 200)
        #expect(body["success"] as? Bool == false)
        #expect(body["code"] as? String == "error.search.keyword.required")
        #expect(body["data"] is NSNull)
        let (_, found) = try await Self.search(box, term: "습지", offset: 0, max: 20)
        #expect(found["success"] as? Bool == true)
    }
}
