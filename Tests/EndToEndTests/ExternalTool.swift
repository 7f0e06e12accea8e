import Foundation
import Testing

/// A program other than dlib that a test reads dlib's files with (sqlite3,
/// git, python with openpyxl): real readers, run as a user would.
struct ExternalTool {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    var executable: String
    var environment: [String: String]? = nil

    /// `/usr/bin/NAME` or the first NAME on PATH; a test that needs it fails
    /// (never skips) when it is not there.
    static func named(_ name: String) throws -> ExternalTool {
        let folders = ["/usr/bin", "/bin"] + (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        guard let path = folders.map({ $0 + "/" + name }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Missing(what: "\(name) is not installed (scripts/test installs it)")
        }
        return ExternalTool(executable: path)
    }

    /// The python scripts/test set up with openpyxl ($DLIB_TEST_PYTHON).
    static func pythonWithOpenpyxl() throws -> ExternalTool {
        guard let path = ProcessInfo.processInfo.environment["DLIB_TEST_PYTHON"],
              FileManager.default.isExecutableFile(atPath: path) else {
            throw Missing(what: "DLIB_TEST_PYTHON names no python with openpyxl; run the tests with ./scripts/test")
        }
        let tool = ExternalTool(executable: path)
        guard try tool.run(["-c", "import openpyxl"]).status == 0 else {
            throw Missing(what: "\(path) cannot import openpyxl")
        }
        return tool
    }

    struct Missing: Error, CustomStringConvertible {
        var what: String
        var description: String { what }
    }

    func run(_ arguments: [String], in folder: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        // Through files, so a large answer never blocks on a full pipe.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
                      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    func run(_ arguments: String...) throws -> Result { try run(arguments) }
}
