import DLibKit
import Foundation
import SampleServer
import Testing

@Suite struct SnapshotCommandTests {
    func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("dlib-snap-\(UUID().uuidString)").path
    }

    func files(_ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0 != ".dlib-snapshot.lock" }.sorted()
    }

    func manifest(_ dir: String, _ name: String) throws -> SnapshotManifest {
        let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + SnapshotDirectory.manifestName(for: name)))
        return try JSONDecoder().decode(SnapshotManifest.self, from: data)
    }

    func latest(_ dir: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/latest.csv")
    }

    @Test func twoSnapshotsWithAChangeBetweenCountExactly() throws {
        let box = try Sandbox()
        let dir = folder()
        let first = try box.dlib().run("snapshot", "--dir", dir)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty, "quiet by cron's rules")
        let firstName = try #require(latest(dir))
        #expect(first.stdout == "1,237 holdings (+1,237 −0 ~0) → \(firstName) · 13 requests\n")

        // Three holdings go, five come, two change.
        var records = Sandbox.catalogue
        records.removeSubrange(10..<13)
        records[100].fields["title"] = "바뀐 제목"
        records[200].fields["author"] = nil
        for number in 1...5 { records.append(SampleRecord(fields: ["controlNo": "NEW00000000\(number)", "title": "신착 \(number)"])) }
        box.server.replaceRecords(records)

        let second = try box.dlib().run("snapshot", "--dir", dir)
        #expect(second.status == 0, "\(second.stderr)")
        let secondName = try #require(latest(dir))
        #expect(secondName != firstName)
        #expect(second.stdout == "1,239 holdings (+5 −3 ~2) → \(secondName) · 13 requests\n")
        let manifest = try manifest(dir, secondName)
        #expect(manifest.count == 1239)
        #expect(manifest.totalCount == 1239)
        #expect((manifest.added, manifest.removed, manifest.changed) == (5, 3, 2))
        #expect(manifest.previous == firstName)
        #expect(manifest.requests == 13)
        #expect(manifest.file == secondName)
        var hash = SHA256()
        hash.update(Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + secondName))))
        #expect(manifest.sha256 == hash.finish())
        #expect(files(dir) == [firstName, SnapshotDirectory.manifestName(for: firstName),
                               secondName, SnapshotDirectory.manifestName(for: secondName), "latest.csv"].sorted())

        let diff = try box.dlib().run("diff", dir + "/" + firstName, dir + "/" + secondName, "--format", "json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: [Any]])
        #expect(object["added"]?.count == 5)
        #expect(object["removed"]?.count == 3)
        #expect(object["changed"]?.count == 2)
    }

    @Test func aFailingPageAddsNothingToTheFolder() throws {
        let box = try Sandbox()
        let dir = folder()
        #expect(try box.dlib().run("snapshot", "--dir", dir).status == 0)
        let before = files(dir)
        let target = latest(dir)
        box.server.inject(.status(404), page: 7)
        let result = try box.dlib().run("snapshot", "--dir", dir)
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: page 7: the server answered HTTP 404\n")
        #expect(files(dir) == before)
        #expect(latest(dir) == target)
    }

    @Test func aSecondSnapshotWhileOneRunsIsRefusedAtOnce() throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(100)))
        let dir = folder()
        let first = try box.dlib().start(["snapshot", "--dir", dir, "--page-size", "20", "--concurrency", "1"])
        try waitFor { box.server.requests.count >= 2 }
        let second = try box.dlib().run("snapshot", "--dir", dir)
        #expect(second.status == 1)
        #expect(second.stderr == "dlib: another snapshot is running in this folder (pid \(first.process.processIdentifier) holds \(dir)/.dlib-snapshot.lock)\n")
        #expect(try first.wait().status == 0)
    }

    @Test func aLockLeftByAKilledRunDoesNotBlock() throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(100)))
        let dir = folder()
        let first = try box.dlib().start(["snapshot", "--dir", dir, "--page-size", "20", "--concurrency", "1"])
        try waitFor { box.server.requests.count >= 2 }
        kill(first.process.processIdentifier, SIGKILL)
        _ = try first.wait()
        let fast = try Sandbox()
        let result = try fast.dlib().run("snapshot", "--dir", dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(files(dir).count == 3, "one snapshot, its manifest and latest.csv; the killed run left nothing")
    }

    @Test func keepPrunesAllButTheNewest() throws {
        let box = try Sandbox()
        let dir = folder()
        for _ in 1...4 { #expect(try box.dlib().run("snapshot", "--dir", dir).status == 0) }
        let fourth = try #require(latest(dir))
        #expect(try box.dlib().run("snapshot", "--dir", dir, "--keep", "2").status == 0)
        let fifth = try #require(latest(dir))
        let csvs = files(dir).filter { $0.hasPrefix("holdings-") && $0.hasSuffix(".csv") }
        #expect(csvs == [fourth, fifth], "the newest two")
        #expect(files(dir).filter { $0.hasSuffix(".json") } == [fourth, fifth].map(SnapshotDirectory.manifestName))
    }

    @Test func aSnapshotThatShrankIsKeptButNotPromoted() throws {
        let box = try Sandbox()
        let dir = folder()
        #expect(try box.dlib().run("snapshot", "--dir", dir).status == 0)
        let good = latest(dir)
        // An outage answering "00" with hardly any items.
        box.server.replaceRecords(Array(Sandbox.catalogue.prefix(10)))
        let shrunk = try box.dlib().run("snapshot", "--dir", dir)
        #expect(shrunk.status == 4)
        #expect(shrunk.stdout.isEmpty)
        #expect(shrunk.stderr.contains("fewer than half of the previous 1,237"))
        #expect(latest(dir) == good)
        #expect(files(dir).filter { $0.hasSuffix(".csv") && $0 != "latest.csv" }.count == 2, "kept, for a person to look at")

        let allowed = try box.dlib().run("snapshot", "--dir", dir, "--allow-shrink")
        #expect(allowed.status == 0)
        #expect(latest(dir) != good)
    }
}
