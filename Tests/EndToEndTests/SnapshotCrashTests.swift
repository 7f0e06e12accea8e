import DLibKit
import Foundation
import SampleServer
import Testing

/// `dlib snapshot` killed with SIGKILL at random moments: after each kill
/// the folder holds only complete snapshots, latest.csv points at one, and
/// the next run is not blocked.
@Suite struct SnapshotCrashTests {
    /// Everything a reader of the folder may rely on.
    func checkConsistent(_ dir: String, _ context: String) throws {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        let visible = entries.filter { !$0.hasPrefix(".") }
        for name in visible where name.hasPrefix("holdings-") && name.hasSuffix(".csv") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name)))
            var reader = CSVReader(bytes: bytes)
            #expect(try reader.next() == HoldingRow.header, "\(context): \(name) has the header")
            var rows = 0
            while let row = try reader.next() {
                #expect(row.count == HoldingRow.header.count, "\(context): \(name) row \(rows) is whole")
                rows += 1
            }
            let manifestName = SnapshotDirectory.manifestName(for: name)
            if visible.contains(manifestName) {
                let manifest = try JSONDecoder().decode(SnapshotManifest.self, from: Data(contentsOf: URL(fileURLWithPath: dir + "/" + manifestName)))
                var hash = SHA256()
                hash.update(bytes)
                #expect(manifest.sha256 == hash.finish(), "\(context): \(name) matches its manifest")
                #expect(manifest.count == rows, "\(context): \(name) has every row")
            }
        }
        for name in visible where name.hasPrefix("holdings-") && name.hasSuffix(".json") {
            #expect(visible.contains(String(name.dropLast(5)) + ".csv"), "\(context): \(name) has its CSV")
        }
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: dir + "/latest.csv") {
            #expect(visible.contains(target) && visible.contains(SnapshotDirectory.manifestName(for: target)),
                    "\(context): latest.csv points at a complete snapshot")
        }
        for name in visible {
            #expect(name == "latest.csv" || name.hasPrefix("holdings-"), "\(context): nothing else under a final name: \(name)")
        }
    }

    @Test func killedAtRandomMomentsTheFolderStaysConsistent() throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(3)))
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-crash-\(UUID().uuidString)").path
        #expect(try box.dlib().run("snapshot", "--dir", dir, "--page-size", "20").status == 0)
        var generator = SystemRandomNumberGenerator()
        for round in 1...24 {
            let delay = UInt32.random(in: 0...120_000, using: &generator)
            let running = try box.dlib().start(["snapshot", "--dir", dir, "--page-size", "20", "--concurrency", "4", "--keep", "3"])
            usleep(delay)
            kill(running.process.processIdentifier, SIGKILL)
            _ = try running.wait()
            try checkConsistent(dir, "round \(round), killed after \(delay / 1000) ms")
        }
        let after = try box.dlib().run("snapshot", "--dir", dir, "--page-size", "20")
        #expect(after.status == 0, "the lock of a killed run does not block: \(after.stderr)")
        try checkConsistent(dir, "after the last run")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".") && $0 != ".dlib-snapshot.lock" }
        #expect(leftovers.isEmpty, "the next run cleared what the killed ones left")
    }
}
