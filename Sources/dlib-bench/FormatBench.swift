import Foundation
import SampleServer

/// One output of the same export: each `--format`, and the git history.
struct FormatCase {
    var name: String
    var seconds: Double
    var runs: Int
    var peakRSSKiB: Int
    var bytes: Int
    /// The file holds every holding, counted by a reader of its own kind.
    var complete: Bool
}

extension BenchContext {
    /// The 60,000-holding export (portal, 100 a page, no latency, so the
    /// writer's own cost shows) in each format, and `snapshot --git`.
    func formatCases() throws -> (holdings: Int, cases: [FormatCase]) {
        let holdings = smoke ? 400 : 60_000
        let server = SampleServer(records: records(holdings), options: .init(dialect: .portal))
        let endpoint = try server.start()
        defer { server.stop() }
        let environment = dlibEnvironment(endpoint)
        var cases: [FormatCase] = []
        for format in ["csv", "jsonl", "xlsx", "sqlite"] {
            let out = "\(work)/formats.\(format)"
            let measured = try (0..<runs).map { _ in
                unlink(out)
                let run = try Measure.run([dlib, "export", "--format", format, "-o", out], environment: environment)
                guard run.status == 0 else { throw BenchError("dlib export --format \(format) failed (exit \(run.status))") }
                return run
            }
            let count = try Self.holdingsIn(out, format: format)
            cases.append(FormatCase(
                name: "export --format \(format)", seconds: Measure.median(measured.map(\.seconds)), runs: runs,
                peakRSSKiB: measured.map(\.peakRSSKiB).max() ?? 0, bytes: Self.size(out), complete: count == holdings))
        }
        for (name, fresh) in [("snapshot --git, first commit", true), ("snapshot --git, no change", false)] {
            let repository = "\(work)/history"
            var measured: [Measurement] = []
            for _ in 0..<runs {
                if fresh {
                    try? FileManager.default.removeItem(atPath: repository)
                }
                let run = try Measure.run([dlib, "snapshot", "--git", repository], environment: environment)
                guard run.status == 0 else { throw BenchError("dlib snapshot --git failed (exit \(run.status))") }
                measured.append(run)
            }
            let count = try Self.holdingsIn(repository + "/holdings.jsonl", format: "jsonl")
            cases.append(FormatCase(
                name: name, seconds: Measure.median(measured.map(\.seconds)), runs: runs,
                peakRSSKiB: measured.map(\.peakRSSKiB).max() ?? 0, bytes: Self.size(repository + "/holdings.jsonl"),
                complete: count == holdings))
        }
        return (holdings, cases)
    }

    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    /// Holdings in an export, counted the way its readers would.
    static func holdingsIn(_ path: String, format: String) throws -> Int {
        switch format {
        case "csv":
            return try rows(path).count - 1
        case "jsonl":
            return try Data(contentsOf: URL(fileURLWithPath: path)).split(separator: UInt8(ascii: "\n")).count
        case "sqlite":
            return try count(["sqlite3", path, "select count(*) from holdings"])
        default: // xlsx: the sheet's rows, header excluded
            let script = "import sys, zipfile; print(zipfile.ZipFile(sys.argv[1]).read('xl/worksheets/sheet1.xml').count(b'<row ') - 1)"
            return try count(["python3", "-c", script, path])
        }
    }

    private static func count(_ command: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
}
