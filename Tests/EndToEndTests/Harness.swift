import DLibKit
import Foundation
import SampleServer
import Synchronization
import Testing

/// The built `dlib` binary, run as a user would run it.
struct DLibProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Next to this test bundle in the build folder, unless DLIB_BIN says otherwise.
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["DLIB_BIN"] { return explicit }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        // Inside a .xctest bundle folder on some layouts.
        while folder.pathExtension == "xctest" || folder.lastPathComponent == "MacOS" || folder.lastPathComponent == "Contents" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("dlib").path
    }()

    var environment: [String: String]
    var executable: String = DLibProcess.binary
    /// Where standard output goes instead of a file the harness reads
    /// (`/dev/full`); nil: captured.
    var standardOutput: String?

    /// Starts dlib; `wait` collects what it printed. Output goes through
    /// files, so a chatty run can never block on a full pipe.
    func start(_ arguments: [String]) throws -> Running {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let out = folder.appendingPathComponent("stdout")
        let err = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: standardOutput.map { URL(fileURLWithPath: $0) } ?? out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return Running(process: process, out: out, err: err, folder: folder)
    }

    func run(_ arguments: String...) throws -> Result {
        try start(arguments).wait()
    }

    func run(_ arguments: [String]) throws -> Result {
        try start(arguments).wait()
    }

    struct Running {
        let process: Process
        let out: URL
        let err: URL
        let folder: URL

        func wait() throws -> Result {
            process.waitUntilExit()
            defer { try? FileManager.default.removeItem(at: folder) }
            return Result(
                status: process.terminationStatus,
                stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
        }
    }
}

/// A sample server on loopback and a private state folder for one test.
final class Sandbox {
    static let catalogue: [SampleRecord] = {
        do { return try SampleCatalogue.load(path: SampleCatalogue.defaultPath) }
        catch { fatalError("cannot load the sample catalogue: \(error)") }
    }()

    let server: SampleServer
    let endpoint: String
    let stateDir: String
    let dialect: SampleDialect
    let records: [SampleRecord]

    init(records: [SampleRecord] = Sandbox.catalogue, options: SampleServer.Options = .init()) throws {
        server = SampleServer(records: records, options: options)
        endpoint = try server.start()
        dialect = options.dialect
        self.records = records
        stateDir = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-state-\(UUID().uuidString)").path
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(atPath: stateDir)
    }

    func dlib(key: String? = nil, extra: [String: String] = [:]) -> DLibProcess {
        var environment = [
            "DLIB_ENDPOINT": endpoint,
            "DLIB_STATE_DIR": stateDir,
            "COLUMNS": "132",
            "PATH": "/usr/bin:/bin",
            "HOME": stateDir,
        ]
        // A portal sandbox says so; a Pyxis one relies on the default (no
        // key: pyxis), which is what a user with nothing configured gets.
        if dialect == .portal { environment["DLIB_SOURCE"] = "portal" }
        if let key { environment["DLIB_SERVICE_KEY"] = key }
        environment.merge(extra) { $1 }
        return DLibProcess(environment: environment)
    }

    /// The ids dlib shows for catalogue page `page` at `size` a page: control
    /// numbers on the portal, Pyxis ids on Pyxis.
    func ids(page: Int, size: Int = 20) -> [String] {
        Array(records.dropFirst((page - 1) * size).prefix(size)).map { id(of: $0) }
    }

    func id(of record: SampleRecord) -> String {
        dialect == .pyxis ? record.pyxisID : record.controlNo
    }
}

extension String {
    /// Control numbers in the order a printer showed them.
    var controlNumbers: [String] {
        split(whereSeparator: { $0.isWhitespace || $0 == "\t" }).map(String.init).filter { $0.hasPrefix("MOE") }
    }

    /// The first column of each line of a table or TSV: the ids shown, in
    /// order, whichever source (Pyxis ids are digits).
    var firstColumnIds: [String] {
        split(separator: "\n").compactMap { line in
            let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
            return !first.isEmpty && first.allSatisfy(\.isNumber) || first.hasPrefix("MOE") ? first : nil
        }
    }
}

/// A `dlib list --next` onto a page the server answers with a fault, and
/// what came of it: the fault tests of both dialects are made of these.
struct FaultRun {
    var result: DLibProcess.Result
    /// How often the server was asked for the faulty page.
    var attempts: Int
    var box: Sandbox
    var key: String?

    /// Shows page 2, injects `fault` on page 3, and runs `list --next`.
    static func nextPage(with fault: Fault, times: Int = .max, arguments: [String] = [],
                         options: SampleServer.Options, key: String? = nil) throws -> FaultRun {
        let box = try Sandbox(options: options)
        let dlib = box.dlib(key: key)
        #expect(try dlib.run("list", "--page", "2").status == 0)
        box.server.inject(fault, page: 3, times: times)
        let result = try dlib.start(["list", "--next", "--format", "json"] + arguments).wait()
        return FaultRun(result: result, attempts: box.server.requestCounts()[3] ?? 0, box: box, key: key)
    }

    /// After a failure the cursor is where it was: the next `--next` is page 3.
    func cursorStayed() throws {
        box.server.clearFaults()
        let again = try box.dlib(key: key).run("list", "--next", "--format", "tsv")
        #expect(again.status == 0)
        #expect(again.stdout.firstColumnIds == box.ids(page: 3), "the cursor stayed")
    }

    /// Exit 1, nothing on stdout, exactly `line` on stderr, `attempts`
    /// requests, and the cursor where it was.
    func failed(_ line: String, attempts expected: Int) throws {
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "dlib: \(line)\n")
        #expect(attempts == expected)
        try cursorStayed()
    }
}

/// Fails unless every file under `folder` is free of the key in each
/// spelling a program might write it (as given, percent-encoded in either
/// case, encoded twice, form-encoded), searched in the raw bytes: a binary
/// file (the SQLite store) is scanned as it is, not decoded as text. An
/// empty folder fails too: it would prove nothing.
func expectNoKey(_ key: String, inFilesUnder folder: String, sourceLocation: SourceLocation = #_sourceLocation) {
    func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? text
    }
    let once = encode(key)
    let spellings = Set([key, once, once.lowercased(), encode(once), key.replacingOccurrences(of: "+", with: " ")])
        .map { Array($0.utf8) }
    let files = (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? [])
        .filter { var isFolder: ObjCBool = false; return FileManager.default.fileExists(atPath: folder + "/" + $0, isDirectory: &isFolder) && !isFolder.boolValue }
    #expect(!files.isEmpty, "there are files to scan under \(folder)", sourceLocation: sourceLocation)
    for file in files {
        guard let bytes = FileManager.default.contents(atPath: folder + "/" + file).map(Array.init) else {
            Issue.record("cannot read \(file)", sourceLocation: sourceLocation)
            continue
        }
        for spelling in spellings where bytes.count >= spelling.count {
            let found = (0...(bytes.count - spelling.count)).contains { start in
                bytes[start..<(start + spelling.count)].elementsEqual(spelling)
            }
            #expect(!found, "\(file) holds the key as \(String(decoding: spelling, as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }
}

/// A folder of CSV files in the export's format, for `dlib diff` tests;
/// removed when the test is done with it.
final class CSVFolder {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-csv-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Writes `holdings` as `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ holdings: [Holding]) throws -> String {
        let format = RecordFormat.csv(excel: false)
        let file = path + "/" + name
        try Data(format.preamble() + Array(holdings.map(format.encode).joined().utf8)).write(to: URL(fileURLWithPath: file))
        return file
    }
}
