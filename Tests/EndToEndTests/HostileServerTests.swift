import DLibKit
import Foundation
import SampleServer
import Synchronization
import Testing

/// What a hostile server, or a user pointing dlib at odd files, tried and
/// broke before: each through the real binary against the sample server.
@Suite struct HostileServerTests {
    static let key = "Fault+Key/Secret=="

    func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    // MARK: 1. Counts and page numbers are checked before any arithmetic

    @Test(arguments: [Int.max - 7, -5])
    func anAbsurdTotalCountIsOneLineAndLeavesNoFile(count: Int) throws {
        let box = try Sandbox()
        box.server.inject(.totalCount(count))
        let dir = try folder()
        let result = try box.dlib().run("export", "-o", dir + "/all.csv")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: the server claims \(count) holdings, which no catalogue holds; not paging through it\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "no file and no temporary file")
    }

    @Test func aHugePageNumberIsRefusedAndAHugeCursorIsReset() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        let huge = try dlib.run("list", "--page", "9223372036854775807")
        #expect(huge.status == 64)
        #expect(huge.stderr.contains("--page must be between 1 and 100,000,000"))
        #expect(try dlib.run("list").status == 0)
        let cursors = box.stateDir + "/cursors"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: cursors).first { $0.hasSuffix(".json") })
        let forged = #"{"endpoint":"x","page":9223372036854775807,"pageSize":100}"#
        try Data(forged.utf8).write(to: URL(fileURLWithPath: cursors + "/" + file))
        let next = try dlib.run("list", "--next")
        #expect(next.status == 0, "\(next.stderr)")
        #expect(next.stderr.hasSuffix(") was unreadable and is reset\n"))
        #expect(next.stdout.controlNumbers == box.ids(page: 1))
    }

    // MARK: 2. -o writes to what is there without replacing it

    @Test func exportToAFullDeviceIsOneLineAndTheDeviceStays() throws {
        let box = try Sandbox()
        let result = try box.dlib().run("export", "-o", "/dev/full")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: cannot write /dev/full: No space left on device\n")
        var info = stat()
        #expect(lstat("/dev/full", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/full is still a device")
    }

    @Test func exportToAFIFOWritesIntoIt() throws {
        let box = try Sandbox()
        let fifo = try folder() + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let read = Mutex<Data?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // open(2) on a FIFO waits for the writer; then read to its end.
            let data = FileHandle(forReadingAtPath: fifo)?.readDataToEndOfFile()
            read.withLock { $0 = data }
            done.signal()
        }
        let result = try box.dlib().run("export", "-o", fifo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(done.wait(timeout: .now() + 10) == .success)
        let text = String(decoding: read.withLock { $0 } ?? Data(), as: UTF8.self)
        #expect(text.hasPrefix(HoldingRow.header.joined(separator: ",")))
        #expect(text.split(separator: "\r\n").count == 1 + 1237)
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO")
    }

    @Test func exportThroughASymlinkReplacesItsTargetAndKeepsTheLink() throws {
        let box = try Sandbox()
        let dir = try folder()
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: dir + "/target.csv"))
        #expect(symlink("target.csv", dir + "/link.csv") == 0)
        let result = try box.dlib().run("export", "-o", dir + "/link.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.csv") == "target.csv")
        let text = try String(contentsOfFile: dir + "/target.csv", encoding: .utf8)
        #expect(text.split(separator: "\r\n").count == 1 + 1237)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == ["link.csv", "target.csv"])
    }

    @Test func exportToAFolderIsRefused() throws {
        let box = try Sandbox()
        let dir = try folder()
        let result = try box.dlib().run("export", "-o", dir)
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: refusing \(dir): it is a folder; give a file name\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    // MARK: 3. An export cannot run forever

    @Test func maxRequestsStopsAnExportAndSaysSo() throws {
        let box = try Sandbox()
        let dir = try folder()
        let result = try box.dlib().run("export", "--page-size", "100", "--concurrency", "1", "--max-requests", "5", "-o", dir + "/all.csv")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: stopped after 5 requests (--max-requests) before the catalogue ended\n")
        #expect(box.server.requests.count == 5)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test func aCountLargerThanTheCatalogueEndsAtTheFirstEmptyPage() throws {
        let box = try Sandbox()
        box.server.inject(.totalCount(50_000))
        let dir = try folder()
        let result = try box.dlib().run("export", "--page-size", "100", "-o", dir + "/all.csv")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("exported 1,237 holdings"))
        #expect(result.stderr.contains("the server announced 50,000 holdings but page 14 came back empty"))
        // Page 14 is the first empty one; a few more may be in flight by then.
        #expect(box.server.requests.count < 14 + 4 * 8, "it stopped asking: \(box.server.requests.count) requests")
    }

    // MARK: 4. The key never leaks, in any spelling

    @Test(arguments: [
        "key=fault%2bkey%2fsecret%3d%3d", // lower-case percent-encoded
        "key=Fault Key/Secret==",         // form-decoded: + read as a space
        "key=Fault%252BKey%252FSecret%253D%253D", // encoded twice
        String(repeating: "x", count: 68) + " Fault+Key/Secret== tail", // cut at 80 inside the key
    ])
    func theKeyIsRedactedInEverySpellingAServerEchoes(title: String) throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        box.server.inject(.html(title))
        let result = try box.dlib(key: Self.key).run("list")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("dlib: the server sent an HTML page"))
        for piece in ["Fault", "fault", "Secret", "secret"] {
            #expect(!result.stderr.contains(piece), "\(piece) in \(result.stderr)")
        }
    }

    @Test func noFileDlibWritesHoldsTheKeyInAnySpelling() throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        let dlib = box.dlib(key: Self.key)
        let out = try folder()
        for arguments in [["list"], ["list", "--next"], ["search", "기후"], ["show", box.ids(page: 1)[0]],
                          ["saved", "add", box.ids(page: 1)[1]], ["export", "-o", out + "/all.csv"],
                          ["export", "--format", "jsonl", "-o", out + "/all.jsonl"], ["snapshot", "--dir", out + "/snapshots"]] {
            let result = try dlib.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        expectNoKey(Self.key, inFilesUnder: box.stateDir)
        expectNoKey(Self.key, inFilesUnder: out)
    }

    @Test(arguments: [("#top", "the endpoint has a #fragment"), ("user:pw@", "the endpoint holds credentials")])
    func anEndpointWithAFragmentOrCredentialsIsRefused(part: String, message: String) throws {
        let box = try Sandbox()
        let endpoint = part.hasPrefix("#") ? box.endpoint + part : box.endpoint.replacingOccurrences(of: "http://", with: "http://" + part)
        let result = try box.dlib().run("list", "--endpoint", endpoint)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("dlib: " + message))
        #expect(box.server.requests.isEmpty)
    }

    // MARK: 5. Server text is sanitised on stderr

    @Test func aServerMessageCannotDrawOnTheTerminal() throws {
        let box = try Sandbox()
        // XML 1.0 allows C1 controls and bidi overrides in text (not ESC or
        // BEL: the Pyxis tests send those, escaped in JSON).
        box.server.inject(.api(code: "20", message: "DENIED\u{9B}31m\u{202E}evil\u{85}\nsecond line"))
        let result = try box.dlib().run("list")
        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x9B || $0.value == 0x202E || $0.value == 0x85 })
        #expect(result.stderr.contains("DENIED31mevil second line"), "\(result.stderr)")
    }

    // MARK: 6. Standard output that cannot be written

    @Test func aFullDiskOnStandardOutputIsOneLineAndTheCursorStays() throws {
        let box = try Sandbox()
        var dlib = box.dlib()
        dlib.standardOutput = "/dev/full"
        let result = try dlib.run("list", "--page", "3")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: cannot write standard output: No space left on device\n")
        #expect(try box.dlib().run("list", "--next").stdout.controlNumbers == box.ids(page: 1), "the cursor did not move")
    }

    @Test func aClosedPipeEndsTheExportQuietlyWithSIGPIPE() throws {
        let box = try Sandbox()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DLibProcess.binary)
        process.arguments = ["export"]
        process.environment = box.dlib().environment
        let pipe = Pipe()
        let errors = Pipe()
        process.standardOutput = pipe
        process.standardError = errors
        try pipe.fileHandleForReading.close()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGPIPE, "128 + 13 = 141 to a shell, as git")
        #expect(errors.fileHandleForReading.readDataToEndOfFile().isEmpty, "quietly")
    }

    // MARK: 7. A missing key is not a bad key

    @Test func thePortalWithoutAKeySaysNoKeyIsSet() throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        let result = try box.dlib().run("list")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("dlib: no service key is set, and the portal needs one (SERVICE_KEY_IS_NOT_REGISTERED_ERROR, code 30); set DLIB_SERVICE_KEY"))
    }

    // MARK: 8. State files and folders dlib does not trust

    @Test func aStoreThatIsASymlinkIsRefusedAndAnOpenOneIsMadePrivate() throws {
        let box = try Sandbox()
        #expect(try box.dlib().run("list").status == 0)
        let store = box.stateDir + "/dlib.sqlite"
        chmod(store, 0o644)
        #expect(try box.dlib().run("list").status == 0)
        var info = stat()
        #expect(stat(store, &info) == 0 && info.st_mode & 0o777 == 0o600, "made private again")

        let elsewhere = try folder() + "/other.sqlite"
        try FileManager.default.moveItem(atPath: store, toPath: elsewhere)
        #expect(symlink(elsewhere, store) == 0)
        let refused = try box.dlib().run("list")
        #expect(refused.status == 1)
        #expect(refused.stderr == "dlib: refusing \(store): it is a symbolic link, which dlib does not follow for its own files\n")
    }

    @Test func aStateFolderOfAnotherUserIsRefused() throws {
        guard geteuid() == 0 else { return } // only root can give a folder away; CI runs as root
        let box = try Sandbox()
        try FileManager.default.createDirectory(atPath: box.stateDir, withIntermediateDirectories: true)
        #expect(chown(box.stateDir, 65534, 65534) == 0)
        let result = try box.dlib().run("list")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: refusing \(box.stateDir): it belongs to another user (uid 65534); dlib keeps its state only in a folder of yours\n")
    }

    @Test func aLatestLinkPointingOutOfTheFolderIsNamed() throws {
        let box = try Sandbox()
        let dir = try folder()
        #expect(symlink("/etc/passwd", dir + "/latest.csv") == 0)
        let result = try box.dlib().run("snapshot", "--dir", dir)
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: \(dir)/latest.csv is not dlib's: it points at /etc/passwd, not at a snapshot in this folder; "
            + "remove it, and the next snapshot points it at itself\n")
    }

    @Test func aRedirectFailureNamesTheHostThatFailed() throws {
        let box = try Sandbox()
        let closed = LoopbackHTTPServer { _ in ServerResponse(status: 200, text: "") }
        let port = try closed.start()
        closed.stop()
        box.server.inject(.redirect(to: "http://127.0.0.1:\(port)/moved"))
        let result = try box.dlib().run("list", "--retries", "0")
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: could not connect to 127.0.0.1:\(port) (connection refused)\n")
    }

    @Test func anEmptyAnswerIsNamedAsSuch() throws {
        let outcome = try FaultRun.nextPage(with: .emptyBody, options: .init())
        try outcome.failed("page 3: the server sent an empty answer (HTTP 200, no body) (2 attempts)", attempts: 2)
    }
}
