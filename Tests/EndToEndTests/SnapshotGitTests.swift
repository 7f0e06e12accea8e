import DLibKit
import Foundation
import SampleServer
import Testing

/// `dlib snapshot --git REPO` against the sample server, the history read
/// with the git command line.
@Suite struct SnapshotGitTests {
    func folder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("dlib-git-\(UUID().uuidString)").path
    }

    func git(_ repository: String, _ arguments: String...) throws -> ExternalTool.Result {
        let result = try ExternalTool.named("git").run(["-C", repository] + arguments)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
        return result
    }

    func subjects(_ repository: String) throws -> [String] {
        try git(repository, "log", "--format=%s").stdout.split(separator: "\n").map(String.init)
    }

    /// The ids on the `+` and `-` lines of a unified diff of holdings.jsonl.
    func changedIds(_ diff: String) -> (added: Set<String>, removed: Set<String>) {
        var added = Set<String>(), removed = Set<String>()
        for line in diff.split(separator: "\n") where line.hasPrefix("+{") || line.hasPrefix("-{") {
            let object = (try? JSONSerialization.jsonObject(with: Data(line.dropFirst().utf8))) as? [String: Any]
            guard let id = object?["controlNo"] as? String else {
                Issue.record("a diff line that is not a holding: \(line)")
                continue
            }
            if line.hasPrefix("+") { added.insert(id) } else { removed.insert(id) }
        }
        return (added, removed)
    }

    @Test func threeSnapshotsWithChangesBetweenMakeOneCommitPerChange() throws {
        let box = try Sandbox()
        let repository = folder()
        let first = try box.dlib().run("snapshot", "--git", repository)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.isEmpty, "quiet by cron's rules")
        #expect(first.stdout.hasPrefix("git: +1,237 −0 ~0 holdings (1,237 total) → commit "))
        #expect(first.stdout.hasSuffix(" · 13 requests\n"))

        // Three go, five come, two change; the rest move about.
        var records = Sandbox.catalogue
        let removed = Set(records[10..<13].map(\.controlNo))
        records.removeSubrange(10..<13)
        records[100].fields["title"] = "바뀐 제목"
        records[200].fields["author"] = nil
        let changed = Set([records[100].controlNo, records[200].controlNo])
        let added = Set((1...5).map { "NEW00000000\($0)" })
        for id in added.sorted() { records.append(SampleRecord(fields: ["controlNo": id, "title": "신착 \(id.suffix(1))"])) }
        records.swapAt(0, 500)
        box.server.replaceRecords(records)
        let second = try box.dlib().run("snapshot", "--git", repository)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.hasPrefix("git: +5 −3 ~2 holdings (1,239 total) → commit "))

        // Only the order moves: nothing to commit.
        records.reverse()
        box.server.replaceRecords(records)
        let third = try box.dlib().run("snapshot", "--git", repository)
        #expect(third.status == 0, "\(third.stderr)")
        #expect(third.stdout == "git: 1,239 holdings, no change; nothing committed · 13 requests\n")

        // One holding changes its call number.
        let index = try #require(records.firstIndex { $0.controlNo == Sandbox.catalogue[300].controlNo })
        records[index].fields["callNo"] = "363.7 ㄱ999"
        box.server.replaceRecords(records)
        let fourth = try box.dlib().run("snapshot", "--git", repository)
        #expect(fourth.status == 0, "\(fourth.stderr)")
        #expect(fourth.stdout.hasPrefix("git: +0 −0 ~1 holdings (1,239 total) → commit "))

        #expect(try subjects(repository) == [
            "+0 −0 ~1 holdings (1,239 total)",
            "+5 −3 ~2 holdings (1,239 total)",
            "+1,237 −0 ~0 holdings (1,237 total)",
        ])
        let bodies = try git(repository, "log", "--format=%an <%ae>|%b").stdout
        #expect(bodies.components(separatedBy: "dlib <dlib@localhost>|Snapshot of \(box.endpoint) taken ").count == 4)
        #expect(try git(repository, "status", "--porcelain", "--untracked-files=all").stdout.isEmpty)
        #expect(try git(repository, "ls-files").stdout == "holdings.jsonl\n")

        // The last commit's diff is that one holding's line, nothing else.
        let last = changedIds(try git(repository, "diff", "HEAD~1", "HEAD").stdout)
        #expect(last.added == [Sandbox.catalogue[300].controlNo])
        #expect(last.removed == [Sandbox.catalogue[300].controlNo])
        let before = changedIds(try git(repository, "diff", "HEAD~2", "HEAD~1").stdout)
        #expect(before.added == added.union(changed))
        #expect(before.removed == removed.union(changed))

        // Sorted by id, keys in the field list's order.
        let lines = try String(contentsOfFile: repository + "/holdings.jsonl", encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1239)
        let ids = lines.map { line in ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["controlNo"] as? String ?? "" }
        #expect(ids == ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(lines.allSatisfy { $0.hasPrefix("{\"controlNo\":") })

        // dlib diff reads revisions of the history.
        let diff = try box.dlib().run("diff", "--git", repository, "HEAD~2", "HEAD~1", "--format", "json")
        #expect(diff.status == 0, "\(diff.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(diff.stdout.utf8)) as? [String: [Any]])
        #expect(object["added"]?.count == 5)
        #expect(object["removed"]?.count == 3)
        #expect(object["changed"]?.count == 2)
        let text = try box.dlib().run("diff", "--git", repository, "HEAD~1", "HEAD")
        #expect(text.stdout.hasPrefix("0 added, 0 removed, 1 changed\n~ \(Sandbox.catalogue[300].controlNo)"))
        #expect(text.stdout.contains("    call_no: "))
        let missing = try box.dlib().run("diff", "--git", repository, "HEAD~9", "HEAD")
        #expect(missing.status == 1)
        #expect(missing.stderr == "dlib: git show failed in \(repository): fatal: invalid object name 'HEAD~9'.\n")
    }

    @Test func aDatedSnapshotAndTheHistoryTogether() throws {
        let box = try Sandbox()
        let dir = folder(), repository = folder()
        let result = try box.dlib().run("snapshot", "--dir", dir, "--git", repository)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("1,237 holdings (+1,237 −0 ~0) → holdings-") == true)
        #expect(lines.last?.hasPrefix("git: +1,237 −0 ~0 holdings (1,237 total) → commit ") == true)
        // The history holds what the dated CSV holds.
        let csv = try SnapshotDiff.load(at: dir + "/latest.csv")
        let history = try SnapshotDiff.load(at: repository + "/holdings.jsonl")
        #expect(SnapshotDiff(old: csv, new: history).isEmpty)
        #expect(Set(history.map(\.controlNo)) == Set(Sandbox.catalogue.map(\.controlNo)))
    }

    @Test func aRepositoryWithOtherChangesIsRefusedBeforeAnyRequest() throws {
        let box = try Sandbox()
        let repository = folder()
        #expect(try box.dlib().run("snapshot", "--git", repository).status == 0)
        let requests = box.server.requests.count
        try "notes".write(toFile: repository + "/notes.txt", atomically: true, encoding: .utf8)
        let result = try box.dlib().run("snapshot", "--git", repository)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "dlib: \(repository) has changes dlib did not make (notes.txt); commit or discard them first (git -C \(repository) status)\n")
        #expect(box.server.requests.count == requests)
        #expect(try subjects(repository).count == 1)
    }

    @Test func aFolderThatIsNotAHistoryIsRefused() throws {
        let box = try Sandbox()
        let repository = folder()
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try "mine".write(toFile: repository + "/mine.txt", atomically: true, encoding: .utf8)
        let result = try box.dlib().run("snapshot", "--git", repository)
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: \(repository) is not a snapshot history: it is neither empty nor a git repository; give a new or empty folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: repository) == ["mine.txt"])
        #expect(box.server.requests.isEmpty)
    }

    @Test func withoutGitItSaysSoInOneLine() throws {
        let box = try Sandbox()
        let result = try box.dlib(extra: ["PATH": "/nonexistent"]).run("snapshot", "--git", folder())
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: git is not installed or not on PATH; --git needs it (on Debian: apt-get install git)\n")
        #expect(box.server.requests.isEmpty)
    }

    @Test func aFailedCommitLeavesTheRepositoryAsItWas() throws {
        let box = try Sandbox()
        let repository = folder()
        #expect(try box.dlib().run("snapshot", "--git", repository).status == 0)
        let committed = try Data(contentsOf: URL(fileURLWithPath: repository + "/holdings.jsonl"))
        // A hook that refuses every commit.
        let hook = repository + "/.git/hooks/pre-commit"
        try "#!/bin/sh\necho 'refused by the hook' >&2\nexit 1\n".write(toFile: hook, atomically: true, encoding: .utf8)
        chmod(hook, 0o755)
        var records = Sandbox.catalogue
        records[5].fields["title"] = "고친 제목"
        box.server.replaceRecords(records)
        let result = try box.dlib().run("snapshot", "--git", repository)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "dlib: git commit failed in \(repository): refused by the hook\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: repository + "/holdings.jsonl")) == committed)
        #expect(try git(repository, "status", "--porcelain", "--untracked-files=all").stdout.isEmpty)
        #expect(try subjects(repository).count == 1)

        // Once the hook is gone, the change is committed.
        unlink(hook)
        let again = try box.dlib().run("snapshot", "--git", repository)
        #expect(again.stdout.hasPrefix("git: +0 −0 ~1 holdings (1,237 total) → commit "))
    }

    @Test func aHistoryThatWouldShrinkByHalfIsNotCommitted() throws {
        let box = try Sandbox()
        let repository = folder()
        #expect(try box.dlib().run("snapshot", "--git", repository).status == 0)
        box.server.replaceRecords(Array(Sandbox.catalogue.prefix(10)))
        let shrunk = try box.dlib().run("snapshot", "--git", repository)
        #expect(shrunk.status == 4)
        #expect(shrunk.stderr == "dlib: the catalogue came back with 10 holdings, fewer than half of the 1,237 in \(repository); "
                + "nothing was committed (rerun with --allow-shrink if the catalogue really shrank)\n")
        #expect(try subjects(repository).count == 1)
        #expect(try git(repository, "status", "--porcelain").stdout.isEmpty)
        let allowed = try box.dlib().run("snapshot", "--git", repository, "--allow-shrink")
        #expect(allowed.status == 0)
        #expect(allowed.stdout.hasPrefix("git: +0 −1,227 ~0 holdings (10 total) → commit "))
    }

    @Test func aRunKilledBeforeItsCommitDoesNotBlockTheNext() throws {
        let box = try Sandbox()
        let repository = folder()
        #expect(try box.dlib().run("snapshot", "--git", repository).status == 0)
        // What a run killed between writing holdings.jsonl and committing it leaves.
        let file = repository + "/holdings.jsonl"
        let half = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").prefix(10).joined(separator: "\n") + "\n"
        try half.write(toFile: file, atomically: true, encoding: .utf8)
        _ = try git(repository, "add", "holdings.jsonl")
        var records = Sandbox.catalogue
        records[7].fields["publisher"] = "새 출판사"
        box.server.replaceRecords(records)
        let result = try box.dlib().run("snapshot", "--git", repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("git: +0 −0 ~1 holdings (1,237 total) → commit "), "diffed against the commit, not the leftover")
        #expect(try git(repository, "status", "--porcelain", "--untracked-files=all").stdout.isEmpty)
    }
}
