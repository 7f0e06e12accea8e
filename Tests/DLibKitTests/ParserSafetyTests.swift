import Foundation
import Testing
@testable import DLibKit

/// The body is untrusted: the parser must refuse what could hurt, quickly.
@Suite struct ParserSafetyTests {
    @Test func aBillionLaughsDocumentFailsWithoutExpanding() throws {
        let error = #expect(throws: CatalogueError.self) {
            try HoldingsParser.parse(Fixture.bytes("billion-laughs.xml"))
        }
        guard case .malformed(let detail) = error else {
            Issue.record("expected .malformed, got \(String(describing: error))")
            return
        }
        #expect(detail.contains("lol"), "names the entity it refused: \(detail)")
    }

    @Test func invalidUTF8GetsAClearError() throws {
        let error = #expect(throws: CatalogueError.self) {
            try HoldingsParser.parse(Fixture.bytes("invalid-utf8.xml"))
        }
        #expect(error?.userMessage.contains("UTF-8") == true, "\(String(describing: error))")
    }

    @Test func bytesInvalidInTheDeclaredEncodingAreRefused() throws {
        #expect(throws: CatalogueError.self) {
            try HoldingsParser.parse(Fixture.bytes("wrong-encoding.xml"))
        }
    }

    @Test func anExternalEntityIsNeverFetched() throws {
        #expect(throws: CatalogueError.self) {
            try HoldingsParser.parse(Fixture.bytes("external-entity.xml"))
        }
    }

    /// Inputs the fuzzers kept (`./scripts/fuzz`), each through the parser
    /// of its dialect by name: `pyxis-*` through the Pyxis mapping, the rest
    /// through the XML parser. The folder must be there and hold both kinds,
    /// or this test would check nothing.
    @Test func everyInputTheFuzzerFoundIsRefusedOrParsedWithoutACrash() throws {
        let folder = Fixture.folder.appendingPathComponent("fuzz")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let pyxis = files.filter { $0.hasPrefix("pyxis-") }
        let portal = files.filter { $0.hasPrefix("portal-") }
        #expect(pyxis.count >= 5 && portal.count >= 5, "the corpus is there: \(files.count) files")
        for file in files {
            let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(file)))
            if file.hasPrefix("pyxis-") {
                _ = try? CatalogueClient.parse(bytes, source: .pyxis)
            } else {
                _ = try? HoldingsParser.parse(bytes)
            }
        }
    }
}
