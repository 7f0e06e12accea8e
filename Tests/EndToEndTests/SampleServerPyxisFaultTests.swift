import DLibKit
import Foundation
import SampleServer
import Testing

/// What each fault looks like to a Pyxis client: JSON where the fault has
/// a JSON meaning, the portal's XML where it is the portal's own envelope.
@Suite struct SampleServerPyxisFaultTests {
    /// Page 3 at 20 of a Pyxis server with `fault` on page 3, as raw bytes.
    static func pageThree(with fault: Fault) async throws -> (box: Sandbox, response: HTTPResponse) {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        box.server.inject(fault, page: 3)
        let url = box.endpoint + "/search?all=k%7Ca%7C&offset=40&max=20&facet=false&isForPyxis3=true"
        return (box, try await CurlClient().get(HTTPRequest(url: url)))
    }

    static func object(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    static func data(_ response: HTTPResponse) throws -> [String: Any] {
        try #require(try object(response)["data"] as? [String: Any])
    }

    @Test func aTruncatedPageIsCutShortMidJSON() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        box.server.inject(.truncated, page: 3)
        let url = box.endpoint + "/search?all=k%7Ca%7C&offset=40&max=20"
        let error = await #expect(throws: TransportError.self) { try await CurlClient().get(HTTPRequest(url: url)) }
        #expect(error?.kind == .connectionLost)
    }

    @Test func malformedIsNotJSONAndThePortalsEnvelopesStayXML() async throws {
        let malformed = try await Self.pageThree(with: .malformed).response
        #expect(malformed.contentType?.hasPrefix("application/json") == true)
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(malformed.body)) }
        let api = try await Self.pageThree(with: .code("22")).response
        #expect(String(decoding: api.body, as: UTF8.self).contains("<resultCode>22</resultCode>"))
    }

    @Test func aFailureAndAWrongShapeAreSuccessFalseAndAPageWithoutList() async throws {
        let failure = try Self.object(try await Self.pageThree(with: .pyxisFailure(code: "error.x", message: "안 됨")).response)
        #expect(failure["success"] as? Bool == false && failure["code"] as? String == "error.x")
        let shape = try Self.data(try await Self.pageThree(with: .wrongShape).response)
        #expect(shape["totalCount"] as? Int == 1237 && shape["list"] == nil)
    }

    @Test(arguments: [-5, 1_000_000_000_000_000])
    func aLyingTotalCountComesWithARealPage(claimed: Int) async throws {
        let data = try Self.data(try await Self.pageThree(with: .totalCount(claimed)).response)
        #expect(data["totalCount"] as? Int == claimed)
        #expect((data["list"] as? [Any])?.count == 20)
    }

    @Test func aServerThatIgnoresPagingAnswersTheFirstPage() async throws {
        let data = try Self.data(try await Self.pageThree(with: .ignoreOffset).response)
        let ids = (data["list"] as? [[String: Any]])?.compactMap { ($0["id"] as? Int).map(String.init) ?? $0["id"] as? String }
        #expect(ids == Sandbox.catalogue.prefix(20).map(\.pyxisID))
        #expect(data["offset"] as? Int == 0)
    }

    @Test func theOtherDialectIsThePortalsXMLForThatPage() async throws {
        let (_, response) = try await Self.pageThree(with: .otherDialect)
        let xml = String(decoding: response.body, as: UTF8.self)
        #expect(xml.hasPrefix("<?xml"))
        #expect(xml.contains("<controlNo>\(Sandbox.catalogue[40].controlNo)</controlNo>"))
    }

    @Test func deepNestingAndInvalidUTF8AreWhatTheySay() async throws {
        let deep = try await Self.pageThree(with: .deepNesting).response
        #expect(deep.body.count(where: { $0 == UInt8(ascii: "[") }) == 100_000)
        let invalid = try await Self.pageThree(with: .invalidUTF8).response
        #expect(String(validating: invalid.body, as: UTF8.self) == nil)
        // Everything but the broken title still decodes to the page.
        let text = String(decoding: invalid.body, as: UTF8.self)
        #expect(text.contains("\"totalCount\":1237") && text.contains(Sandbox.catalogue[41].pyxisID))
    }

    @Test func itemsRequestsTakeOnlyFaultsForEveryPageThatAreNotAboutPaging() async throws {
        let box = try Sandbox(options: .init(dialect: .pyxis))
        let origin = try #require(box.endpoint.components(separatedBy: "/pyxis-api/").first)
        box.server.inject(.ignoreOffset)
        box.server.inject(.status(503), page: 1)
        box.server.inject(.status(502), times: 1)
        let url = origin + "/pyxis-api/1/biblios/\(Sandbox.catalogue[1].pyxisID)/items"
        #expect(try await CurlClient().get(HTTPRequest(url: url)).status == 502)
        #expect(try await CurlClient().get(HTTPRequest(url: url)).status == 200)
    }
}
