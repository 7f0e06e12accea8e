import ArgumentParser
import DLibKit
import Foundation
import SampleServer

/// The whole benchmark: dlib against what a user would use instead, on this
/// machine, in one run; prints a markdown report and writes it to a file.
struct RunBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Run every benchmark and print the report.")

    @Flag(help: "A seconds-long run on a tiny catalogue, so the script cannot rot (CI).")
    var smoke = false

    @Option(help: "Runs of each measurement (the median is reported).")
    var runs = 3

    @Option(help: "The dlib binary to measure (a release build).")
    var dlib: String

    @Option(help: "The repository, for the comparison scripts.")
    var root: String = "."

    @Option(help: "Also write the report here.")
    var output: String?

    @Flag(help: "Run only the covers benchmark (and write nothing).")
    var coversOnly = false

    func run() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-bench-\(getpid())").path
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        var report = Report(smoke: smoke)
        let context = BenchContext(dlib: dlib, root: root, work: work, runs: smoke ? 1 : runs, smoke: smoke)

        report.machine = Machine.describe()
        if coversOnly {
            report.covers = try await context.coverCase()
            print(report.coversMarkdown().section + "\n" + report.coversMarkdown().targets.joined(separator: "\n"))
            return
        }
        report.exports = try context.exportCases(dialect: .portal)
        report.pyxisExports = try context.exportCases(dialect: .pyxis)
        report.parse = try context.parseCase()
        report.jsonDecoding = try context.jsonDecodingCase()
        report.startup = try await context.startupCase()
        report.binary = dlib
        report.render = context.renderCase()
        report.covers = try await context.coverCase()
        report.concurrencySweep = try context.concurrencySweep()
        report.pageSizeSweep = try context.pageSizeSweep()
        (report.formatHoldings, report.formats) = try context.formatCases()

        let text = report.markdown()
        print(text)
        if let output { try text.write(toFile: output, atomically: true, encoding: .utf8) }
        if !report.allRowsMatch { throw BenchError("the alternatives did not produce the same rows as dlib") }
    }
}

struct BenchContext {
    var dlib: String
    var root: String
    var work: String
    var runs: Int
    var smoke: Bool

    static let defaultConcurrency = 8

    func sizes(_ dialect: SampleDialect) -> [Int] { smoke ? [400] : dialect == .portal ? [6_000, 60_000] : [60_000] }
    func latencies(_ dialect: SampleDialect) -> [Int] { smoke ? [0, 5] : dialect == .portal ? [0, 10, 50] : [10] }

    func records(_ count: Int) -> [SampleRecord] {
        var generator = CatalogueGenerator(seed: 2026)
        return generator.records(count: count)
    }

    func dlibEnvironment(_ endpoint: String, dialect: SampleDialect = .portal) -> [String: String] {
        ["DLIB_ENDPOINT": endpoint, "DLIB_SOURCE": dialect.rawValue, "DLIB_STATE_DIR": work + "/state", "HOME": work,
         "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
    }

    struct Tool {
        var name: String
        var arguments: (String, String) -> [String] // endpoint, output file
        /// A guess at seconds per page beyond the server's latency, to decide
        /// whether a slow alternative can be run more than once.
        var overheadPerPage: Double
    }

    func tools(_ dialect: SampleDialect) -> [Tool] {
        if dialect == .pyxis {
            return [
                Tool(name: "dlib", arguments: { [dlib, "export", "--page-size", "20", "-o", $1] }, overheadPerPage: 0),
                Tool(name: "Python requests + json", arguments: {
                    ["python3", root + "/scripts/bench-alternatives/export_pyxis_requests.py", $0, $1, "20"] }, overheadPerPage: 0.002),
            ]
        }
        return [
            Tool(name: "dlib", arguments: { [dlib, "export", "--page-size", "20", "-o", $1] }, overheadPerPage: 0),
            Tool(name: "Python requests", arguments: {
                ["python3", root + "/scripts/bench-alternatives/export_requests.py", $0, $1, "20"] }, overheadPerPage: 0.002),
            Tool(name: "curl + xmllint", arguments: {
                ["bash", root + "/scripts/bench-alternatives/export_curl.sh", $0, $1, "20"] }, overheadPerPage: 0.02),
        ]
    }

    func exportCases(dialect: SampleDialect) throws -> [ExportCase] {
        var cases: [ExportCase] = []
        for size in sizes(dialect) {
            let catalogue = records(size)
            for latency in latencies(dialect) {
                let server = SampleServer(records: catalogue, options: .init(latency: .milliseconds(latency), dialect: dialect))
                let endpoint = try server.start()
                defer { server.stop() }
                var result = ExportCase(holdings: size, latencyMs: latency, pages: (size + 19) / 20)
                var reference: [[String]]?
                for tool in tools(dialect) {
                    let out = "\(work)/export-\(tool.name.prefix(4)).csv"
                    let estimate = Double(result.pages) * (Double(latency) / 1000 + tool.overheadPerPage)
                    let times = tool.name == "dlib" || estimate < 20 ? runs : 1
                    var seconds: [Double] = []
                    var rss = 0
                    server.clearLog()
                    for _ in 0..<times {
                        let measured = try Measure.run(tool.arguments(endpoint, out), environment: dlibEnvironment(endpoint, dialect: dialect))
                        guard measured.status == 0 else { throw BenchError("\(tool.name) failed (exit \(measured.status)); see /tmp/dlib-bench-stderr.log") }
                        seconds.append(measured.seconds)
                        rss = max(rss, measured.peakRSSKiB)
                    }
                    let rows = try Self.rows(out)
                    if reference == nil { reference = rows }
                    // The XML alternatives write the portal's eleven columns;
                    // dlib's later ones are empty there. Compare what both write.
                    let width = rows.first?.count ?? 0
                    let same = rows == (reference ?? []).map { Array($0.prefix(width)) }
                    result.tools.append(ExportCase.ToolResult(
                        name: tool.name, seconds: Measure.median(seconds), runs: times, peakRSSKiB: rss,
                        requests: server.requests.count / times, sameRows: same, rowCount: rows.count - 1))
                }
                cases.append(result)
            }
        }
        return cases
    }

    static func rows(_ path: String) throws -> [[String]] {
        var reader = CSVReader(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        var rows: [[String]] = []
        while let row = try reader.next() { rows.append(row) }
        return rows
    }

    func parseCase() throws -> ParseCase {
        let count = smoke ? 2_000 : 105_000
        let path = work + "/large.xml"
        try SampleDocument.page(records(count)).write(toFile: path, atomically: false, encoding: .utf8)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let megabytes = Double(data.count) / 1_048_576
        let dlibResult = try ParseBench.measure(data, foundation: false, runs: runs)
        let foundation = try ParseBench.measure(data, foundation: true, runs: max(1, runs / 2))
        var xmllint: [Double] = []
        for _ in 0..<runs {
            xmllint.append(try Measure.run(["xmllint", "--stream", "--noout", path], environment: ["PATH": "/usr/bin:/bin"]).seconds)
        }
        precondition(dlibResult.holdings == count && foundation.holdings == count, "both parsers read every holding")
        return ParseCase(megabytes: megabytes, holdings: count, dlib: dlibResult.megabytesPerSecond,
                         xmllint: megabytes / Measure.median(xmllint), foundation: foundation.megabytesPerSecond)
    }

    /// dlib's Pyxis mapping (JSONDecoder over lenient Decodable types,
    /// building holdings) against `JSONSerialization` alone on the same page.
    func jsonDecodingCase() throws -> JSONDecodingCase {
        let count = smoke ? 2_000 : 50_000
        let bytes = Array(SampleDocument.pyxisPage(records(count)).utf8)
        let data = Data(bytes)
        var holdings = 0
        let dlibTimes = try (0..<runs).map { _ in
            try Measure.time { holdings = try CatalogueClient.parse(bytes, source: .pyxis, pageSize: count).holdings.count }
        }
        let serialisationTimes = try (0..<runs).map { _ in try Measure.time { _ = try JSONSerialization.jsonObject(with: data) } }
        precondition(holdings == count, "the mapping read every holding")
        let megabytes = Double(bytes.count) / 1_048_576
        return JSONDecodingCase(megabytes: megabytes, holdings: count, dlib: megabytes / Measure.median(dlibTimes),
                                serialization: megabytes / Measure.median(serialisationTimes))
    }

    func renderCase() -> RenderCase {
        let count = smoke ? 2_000 : 100_000
        let seconds = Measure.median((0..<runs).map { _ in RenderBench.measure(count: count, width: 132) })
        return RenderCase(holdings: count, seconds: seconds)
    }

    /// Export time at 10 ms a request for several concurrencies.
    func concurrencySweep() throws -> [SweepPoint] {
        let size = smoke ? 400 : 6_000
        let server = SampleServer(records: records(size), options: .init(latency: .milliseconds(smoke ? 5 : 10)))
        let endpoint = try server.start()
        defer { server.stop() }
        return try (smoke ? [1, 8] : [1, 2, 4, 8, 16, 32]).map { concurrency in
            server.clearLog()
            let seconds = try (0..<runs).map { _ in
                try Measure.run([dlib, "export", "--page-size", "20", "--concurrency", String(concurrency), "-o", work + "/sweep.csv"],
                                environment: dlibEnvironment(endpoint)).seconds
            }
            return SweepPoint(setting: concurrency, seconds: Measure.median(seconds), requests: server.requests.count / runs)
        }
    }

    /// Requests and time by page size, at the default concurrency.
    func pageSizeSweep() throws -> [SweepPoint] {
        let size = smoke ? 400 : 60_000
        let server = SampleServer(records: records(size), options: .init(latency: .milliseconds(smoke ? 5 : 10)))
        let endpoint = try server.start()
        defer { server.stop() }
        return try [20, 50, 100].map { pageSize in
            server.clearLog()
            let seconds = try (0..<runs).map { _ in
                try Measure.run([dlib, "export", "--page-size", String(pageSize), "-o", work + "/sweep.csv"],
                                environment: dlibEnvironment(endpoint)).seconds
            }
            return SweepPoint(setting: pageSize, seconds: Measure.median(seconds), requests: server.requests.count / runs)
        }
    }
}
