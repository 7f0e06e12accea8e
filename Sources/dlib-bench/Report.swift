import Foundation

struct ExportCase {
    struct ToolResult {
        var name: String
        var seconds: Double
        var runs: Int
        var peakRSSKiB: Int
        var requests: Int
        var sameRows: Bool
        var rowCount: Int
    }

    var holdings: Int
    var latencyMs: Int
    var pages: Int
    var tools: [ToolResult] = []

    var dlib: ToolResult { tools[0] }
    func tool(_ prefix: String) -> ToolResult? { tools.first { $0.name.hasPrefix(prefix) } }

    /// pages × latency ÷ concurrency: no client can beat it.
    var floorSeconds: Double { Double(pages) * Double(latencyMs) / 1000 / Double(BenchContext.defaultConcurrency) }
}

struct JSONDecodingCase { var megabytes: Double; var holdings: Int; var dlib: Double; var serialization: Double }
struct ParseCase { var megabytes: Double; var holdings: Int; var dlib: Double; var xmllint: Double; var foundation: Double }
struct RenderCase { var holdings: Int; var seconds: Double }
struct SweepPoint { var setting: Int; var seconds: Double; var requests: Int }

enum Machine {
    static func describe() -> String {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let memory = Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        return "\(cores) cores (\(cpu)), \(String(format: "%.0f", memory)) GiB, Swift \(swiftVersion()), \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }

    static func swiftVersion() -> String {
        #if swift(>=6.3)
        return "6.3"
        #else
        return "6.x"
        #endif
    }
}

struct Report {
    var smoke: Bool
    var machine = ""
    var exports: [ExportCase] = []
    var pyxisExports: [ExportCase] = []
    var parse: ParseCase?
    var jsonDecoding: JSONDecodingCase?
    var startup: StartupCase?
    /// The dlib measured (the installed one, for the startup section).
    var binary = "dlib"
    var render: RenderCase?
    var covers: CoverCase?
    var concurrencySweep: [SweepPoint] = []
    var pageSizeSweep: [SweepPoint] = []
    var formatHoldings = 0
    var formats: [FormatCase] = []

    var allRowsMatch: Bool {
        (exports + pyxisExports).allSatisfy { $0.tools.allSatisfy(\.sameRows) } && formats.allSatisfy(\.complete)
    }

    static func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

    /// One line of the Targets list: `- ✅ text` or `- ❌ text`.
    static func target(_ met: Bool, _ text: String) -> String { "- \(met ? "✅" : "❌") \(text)" }
    static func mib(_ kib: Int) -> String { f(Double(kib) / 1024, 1) }

    func markdown() -> String {
        var out = "# Benchmarks\n\n"
        out += smoke ? "_Smoke run (tiny catalogue): numbers mean nothing; it only shows the script works._\n\n" : ""
        out += "Machine: \(machine). Made by `./scripts/bench` (release build); every number is from the same run.\n\n"

        out += "## Full export, 20 holdings a page: the portal (XML)\n\n"
        out += "dlib exports with its default concurrency (\(BenchContext.defaultConcurrency)); the alternatives ask page after page. "
        out += "Time is the median of the runs shown; peak RSS is the largest of them, from `/usr/bin/time`. "
        out += "The floor is pages × latency ÷ concurrency.\n\n"
        out += Self.exportTable(exports)
        out += "\n## Full export, 20 holdings a page: Pyxis (JSON)\n\n"
        out += "The same against the sample server's Pyxis dialect, with a Python `requests` + `json` + `csv` script "
        out += "(`scripts/bench-alternatives/export_pyxis_requests.py`) that maps the fields the way dlib does and writes the same rows.\n\n"
        out += Self.exportTable(pyxisExports)

        if let parse {
            out += "\n## Parsing\n\n"
            out += "One document of \(parse.holdings) holdings (\(Self.f(parse.megabytes, 1)) MB), parsed in memory.\n\n"
            out += "| parser | MB/s | dlib ÷ it |\n|---|---:|---:|\n"
            out += "| dlib (libxml2 SAX2, building holdings) | \(Self.f(parse.dlib, 1)) | 1 |\n"
            out += "| `xmllint --stream --noout` (libxml2's floor, builds nothing) | \(Self.f(parse.xmllint, 1)) | \(Self.f(parse.dlib / parse.xmllint)) |\n"
            out += "| Foundation `XMLParser`, building the same holdings | \(Self.f(parse.foundation, 1)) | \(Self.f(parse.dlib / parse.foundation)) |\n"
        }
        if let json = jsonDecoding {
            out += "\n## Decoding Pyxis JSON\n\n"
            out += "One search answer of \(json.holdings) holdings (\(Self.f(json.megabytes, 1)) MB), decoded in memory.\n\n"
            out += "| decoder | MB/s | dlib ÷ it |\n|---|---:|---:|\n"
            out += "| dlib (`JSONDecoder` over lenient `Decodable` types, building holdings) | \(Self.f(json.dlib, 1)) | 1 |\n"
            out += "| Foundation `JSONSerialization.jsonObject` (untyped, builds nothing of dlib's) | \(Self.f(json.serialization, 1)) | \(Self.f(json.dlib / json.serialization)) |\n"
        }
        if let startup {
            out += "\n" + startup.markdown(binary: binary)
        }
        if covers != nil { out += coversMarkdown().section }
        if let render {
            out += "\n## Rendering\n\n"
            out += "\(render.holdings) holdings through the table printer at 132 columns: \(Self.f(render.seconds, 3)) s "
            out += "(\(Self.f(Double(render.holdings) / render.seconds / 1000, 0))k holdings/s).\n"
        }
        if !concurrencySweep.isEmpty {
            out += "\n## Choosing the defaults\n\n"
            out += "Export of \(smoke ? 400 : 6_000) holdings at 20 a page, 10 ms a request, by concurrency:\n\n"
            out += "| concurrency | time (s) | requests |\n|---:|---:|---:|\n"
            for point in concurrencySweep { out += "| \(point.setting) | \(Self.f(point.seconds)) | \(point.requests) |\n" }
            out += "\nExport of \(smoke ? 400 : 60_000) holdings at 10 ms a request, concurrency \(BenchContext.defaultConcurrency), by page size "
            out += "(the portal's keys commonly allow about 10,000 requests a day):\n\n"
            out += "| page size | time (s) | requests |\n|---:|---:|---:|\n"
            for point in pageSizeSweep { out += "| \(point.setting) | \(Self.f(point.seconds)) | \(point.requests) |\n" }
            out += """

            So `export` and `snapshot` ask for 100 holdings a request by default (`--page-size`): the fewest of a day's
            requests, and the fastest too. Concurrency stays at \(BenchContext.defaultConcurrency) (`--concurrency`): the time
            keeps falling beyond it only because this server never pushes back, while a public portal's gateway
            answers bursts with 429s and counts every request against the key; at 100 a page, 8 at once already
            brings a 60,000-holding catalogue down in about a second plus 75 round trips.

            """
        }
        if !formats.isEmpty {
            out += "\n## Formats\n\n"
            out += "The same export of \(formatHoldings) holdings (portal, 100 a page, 0 ms latency, so the writer's own cost shows) "
            out += "in each format, and a snapshot into a git history. Time is the median of the runs; peak RSS the largest; "
            out += "complete: the file holds every holding, counted by a reader of its kind (sqlite3 for SQLite, the sheet's rows for xlsx).\n\n"
            out += "| output | runs | time (s) | × CSV | peak RSS (MiB) | size (MB) | complete |\n|---|---:|---:|---:|---:|---:|:---:|\n"
            let csv = formats.first?.seconds ?? 1
            for format in formats {
                out += "| `\(format.name)` | \(format.runs) | \(Self.f(format.seconds)) | \(Self.f(format.seconds / csv, 1)) "
                out += "| \(Self.mib(format.peakRSSKiB)) | \(Self.f(Double(format.bytes) / 1_000_000, 1)) | \(format.complete ? "✓" : "✗") |\n"
            }
        }
        out += "\n## Targets\n\n" + targets() + "\n"
        return out
    }

    static func exportTable(_ cases: [ExportCase]) -> String {
        var out = "| holdings | latency | tool | runs | time (s) | × dlib | requests | peak RSS (MiB) | same rows |\n"
        out += "|---:|---:|---|---:|---:|---:|---:|---:|:---:|\n"
        for run in cases {
            for tool in run.tools {
                let ratio = tool.name == "dlib" ? "1" : Self.f(tool.seconds / run.dlib.seconds, 1)
                out += "| \(run.holdings) | \(run.latencyMs) ms | \(tool.name) | \(tool.runs) | \(Self.f(tool.seconds)) | \(ratio) | \(tool.requests) | \(Self.mib(tool.peakRSSKiB)) | \(tool.sameRows ? "✓" : "✗") |\n"
            }
        }
        return out
    }

    func targets() -> String {
        var lines: [String] = []
        func line(_ met: Bool, _ text: String) { lines.append(Self.target(met, text)) }
        let large = smoke ? 400 : 60_000
        for (label, cases) in [("portal", exports), ("Pyxis", pyxisExports)] {
            for run in cases where run.latencyMs == (smoke ? 5 : 10) {
                if let python = run.tool("Python") {
                    let speedup = python.seconds / run.dlib.seconds
                    line(speedup >= 8, "\(label) export of \(run.holdings) at \(run.latencyMs) ms: \(Self.f(speedup, 1))× faster than the Python script (target ≥ 8×)")
                }
                let overFloor = run.dlib.seconds / run.floorSeconds
                line(overFloor <= 1.5, "\(label) export of \(run.holdings) at \(run.latencyMs) ms: \(Self.f(overFloor))× the floor of \(Self.f(run.floorSeconds)) s (target ≤ 1.5×)")
            }
            let rss = cases.filter { $0.holdings == large }.map(\.dlib.peakRSSKiB).max() ?? 0
            line(rss < 32 * 1024, "\(label): peak RSS exporting \(large) holdings: \(Self.mib(rss)) MiB (target < 32 MiB)")
        }
        if let small = exports.first(where: { $0.holdings == (smoke ? 400 : 6_000) }), !smoke {
            let large = exports.filter { $0.holdings == 60_000 }.map(\.dlib.peakRSSKiB).max() ?? 0
            let growth = Double(large) / Double(max(small.dlib.peakRSSKiB, 1))
            line(growth < 1.5, "RSS from 6,000 to 60,000 holdings grows \(Self.f(growth))× (flat: streaming)")
        }
        for format in formats where format.name.hasPrefix("export") {
            line(format.peakRSSKiB < 32 * 1024, "`\(format.name)` of \(formatHoldings) holdings: peak RSS \(Self.mib(format.peakRSSKiB)) MiB (target < 32 MiB, as CSV)")
        }
        if let parse {
            line(parse.dlib >= 0.7 * parse.xmllint, "parse: \(Self.f(100 * parse.dlib / parse.xmllint, 0)) % of `xmllint --stream` (target ≥ 70 %)")
            line(parse.dlib >= 5 * parse.foundation, "parse: \(Self.f(parse.dlib / parse.foundation, 1))× Foundation's XMLParser (target ≥ 5×)")
        }
        if let startup {
            for (met, text) in startup.targetLines() { line(met, text) }
        }
        lines += coversMarkdown().targets
        line(allRowsMatch, "every tool wrote the same rows as dlib")
        return lines.joined(separator: "\n")
    }

    /// The covers section and its target lines (also printed alone by `run --covers-only`).
    func coversMarkdown() -> (section: String, targets: [String]) {
        guard let covers else { return ("", []) }
        var out = ""
        out += "\n## Covers\n\n"
        out += "`dlib list --format grid --page-size 20` on a pseudo-terminal, from start to the grid's footer on screen, "
        out += "\(covers.covers) covers \(Self.f(covers.coverLatencyMilliseconds, 0)) ms away each, median of 15:\n\n"
        out += "| covers | ms | against off |\n|---|---:|---:|\n"
        out += "| off (`--images none`) | \(Self.f(covers.offMilliseconds, 1)) | |\n"
        out += "| on, cache warm | \(Self.f(covers.warmMilliseconds, 1)) | +\(Self.f(covers.warmMilliseconds - covers.offMilliseconds, 1)) |\n"
        out += "| on, cache cold | \(Self.f(covers.coldMilliseconds, 1)) | +\(Self.f(covers.coldMilliseconds - covers.offMilliseconds, 1)) |\n"
        out += "\nOne cover fetched, decoded and drawn in-process: \(Self.f(covers.oneCoverMilliseconds, 1)) ms. "
        out += "Covers are fetched six at once, so twenty covers 10 ms away take at least four round trips (about 44 ms) cold: the cold target, one round trip, would need all twenty at once.\n"
        var targets: [String] = []
        let warm = covers.warmMilliseconds - covers.offMilliseconds
        targets.append(Self.target(warm < 10, "covers, warm cache: +\(Self.f(warm, 1)) ms over covers off (target < 10 ms)"))
        let cold = covers.coldMilliseconds - covers.offMilliseconds
        targets.append(Self.target(cold < covers.oneCoverMilliseconds,
                            "covers, cold cache: +\(Self.f(cold, 1)) ms over covers off (target < one cover's round trip and decode, \(Self.f(covers.oneCoverMilliseconds, 1)) ms)"))
        return (out, targets)
    }
}
