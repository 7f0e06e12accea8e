import Foundation
import GRDB
import Testing
@testable import DLibKit

/// Which source, endpoint, key and listing term a run uses, and where
/// each came from: flag over environment over config file over default.
@Suite struct SettingsTests {
    /// A private config folder holding `lines`, or none.
    func environment(config lines: String? = nil, _ extra: [String: String] = [:]) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-settings-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/dlib", withIntermediateDirectories: true)
        if let lines {
            _ = FileManager.default.createFile(atPath: folder + "/dlib/config", contents: Data(lines.utf8), attributes: [.posixPermissions: 0o600])
        }
        return ["XDG_CONFIG_HOME": folder, "HOME": folder].merging(extra) { $1 }
    }

    @Test func nothingConfiguredIsTheLibrarysPyxisService() throws {
        let settings = try Settings.resolve(environment: try environment())
        #expect(settings.source.value == .pyxis)
        #expect(settings.source.origin == .defaultValue("no service key is set"))
        #expect(settings.endpoint.value == "https://library.me.go.kr/pyxis-api/2/collections/2")
        #expect(settings.serviceKey == nil)
        #expect(settings.listTerm.value == "")
    }

    @Test func aKeyMeansThePortalSoEveryOldSetupKeepsWorking() throws {
        let settings = try Settings.resolve(environment: try environment(
            ["DLIB_SERVICE_KEY": "k+1", "DLIB_ENDPOINT": "https://apis.example.invalid/holdings"]))
        #expect(settings.source.value == .portal)
        #expect(settings.source.origin == .defaultValue("a service key is set"))
        #expect(settings.endpoint.origin == .environment("DLIB_ENDPOINT"))
        #expect(settings.config.serviceKey == "k+1")
    }

    @Test func thePortalWithoutAnEndpointSaysWhereToSetOne() throws {
        let env = try environment(["DLIB_SERVICE_KEY": "k"])
        #expect(throws: Settings.Failure.self) { try Settings.resolve(environment: env) }
        do { _ = try Settings.resolve(environment: env) } catch let failure as Settings.Failure {
            #expect(failure.userMessage.contains("dlib doctor"))
            #expect(failure.userMessage.contains(env["XDG_CONFIG_HOME"]! + "/dlib/config"))
        }
    }

    @Test func theConfigFileSetsSourceEndpointAndListTermAndEachLayerWins() throws {
        let env = try environment(config: "source = pyxis\nendpoint = https://lib.example.invalid/pyxis-api/1/collections/1\nlist-term = 환경\n",
                                  ["DLIB_SERVICE_KEY": "k"])
        let fromFile = try Settings.resolve(environment: env)
        #expect(fromFile.source.value == .pyxis, "an explicit source beats the key's default")
        #expect(fromFile.source.origin == .configFile(env["XDG_CONFIG_HOME"]! + "/dlib/config"))
        #expect(fromFile.endpoint.value == "https://lib.example.invalid/pyxis-api/1/collections/1")
        #expect(fromFile.listTerm.value == "환경")
        #expect(fromFile.config.serviceKey == nil, "a key is never sent to Pyxis")

        var overridden = env
        overridden["DLIB_SOURCE"] = "portal"
        overridden["DLIB_LIST_TERM"] = "기후"
        let fromEnvironment = try Settings.resolve(environment: overridden)
        #expect(fromEnvironment.source.origin == .environment("DLIB_SOURCE"))
        #expect(fromEnvironment.listTerm.value == "기후")

        let fromFlags = try Settings.resolve(source: .pyxis, endpoint: "http://127.0.0.1:9/p", environment: overridden)
        #expect(fromFlags.source.origin == .flag("--source"))
        #expect(fromFlags.endpoint.origin == .flag("--endpoint"))
    }

    @Test func aBadSourceIsOneLine() throws {
        let env = try environment(["DLIB_SOURCE": "opac"])
        #expect(throws: Settings.Failure(userMessage: "DLIB_SOURCE is \"opac\"; it must be pyxis or portal")) {
            try Settings.resolve(environment: env)
        }
    }

    @Test func aStoreOfTheFirstSchemaGainsTheNewColumnsAndKeepsItsRows() throws {
        let queue = try DatabaseQueue()
        try LocalStore.migrator.migrate(queue, upTo: "v1: cache, saved list, recently viewed")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO cachedHolding (endpoint, controlNo, title, fetchedAt) VALUES ('e', 'A1', 'Old', '2026-01-01')")
        }
        try LocalStore.migrator.migrate(queue)
        let columns = try queue.read { db in try db.columns(in: "cachedHolding").map(\.name) }
        #expect(Set(Holding.Field.allCases.map(\.name)).isSubset(of: Set(columns)))
        #expect(HoldingColumns.firstSchema + HoldingColumns.addedInV2 == Holding.Field.allCases, "every field has its column")
        let title = try queue.read { db in try String.fetchOne(db, sql: "SELECT title FROM cachedHolding WHERE controlNo = 'A1'") }
        #expect(title == "Old")
    }
}
