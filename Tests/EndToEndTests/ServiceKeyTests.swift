import Foundation
import SampleServer
import Testing

@Suite struct ServiceKeyTests {
    /// Portal keys carry `+`, `/` and `=`; the server decodes the query by
    /// form rules, so an unencoded `+` would arrive as a space and fail.
    static let key = "AbC+dEf/GhI=="

    @Test func aRawKeyArrivesIntact() throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        let result = try box.dlib(key: Self.key).run("list")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.controlNumbers == box.ids(page: 1))
    }

    @Test func anAlreadyEncodedKeyIsNotEncodedTwice() throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        let result = try box.dlib(key: "AbC%2BdEf%2FGhI%3D%3D").run("list")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aWrongKeyGetsOneLineNamingTheCodeAndNeverShowsTheKey() throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        let wrong = "Wr0ngKey+With/Slash="
        let dlib = box.dlib(key: wrong)
        _ = try dlib.run("list") // fails
        let result = try dlib.run("list", "--next")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: the service key is not registered (SERVICE_KEY_IS_NOT_REGISTERED_ERROR, code 30); a new key can take an hour to become active\n")
        #expect(result.stdout.isEmpty)
        #expect(!result.stderr.contains("Wr0ngKey"))
        // Nothing dlib keeps holds the key, and a failed page moved no cursor.
        expectNoKey(wrong, inFilesUnder: box.stateDir)
        let files = FileManager.default.enumerator(atPath: box.stateDir)?.compactMap { $0 as? String } ?? []
        #expect(!files.contains { $0.hasSuffix(".json") }, "no cursor was written for a page that failed")
    }
}
