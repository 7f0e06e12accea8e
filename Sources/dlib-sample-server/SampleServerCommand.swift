import ArgumentParser
import Foundation
import SampleServer

@main
struct SampleServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dlib-sample-server",
        abstract: "Serve the sample holdings catalogue on 127.0.0.1, per the API contract.",
        subcommands: [Serve.self, Generate.self, WriteCovers.self],
        defaultSubcommand: Serve.self
    )
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a catalogue until interrupted; prints the endpoint URL on its first line.")

    @Option(help: "Port on 127.0.0.1 (0 picks a free one).")
    var port: UInt16 = 0

    @Option(help: "The catalogue, one JSON object per line (default: Samples/catalogue.jsonl).")
    var catalogue: String?

    @Option(help: "Serve a generated catalogue of this many holdings instead of a file.")
    var generate: Int?

    @Option(help: "Seed for --generate.")
    var seed: UInt64 = 2026

    @Option(help: "Require this service key of portal requests (others get SERVICE_KEY_IS_NOT_REGISTERED_ERROR).")
    var serviceKey: String?

    @Option(help: "Milliseconds to wait before every answer.")
    var latencyMs: Int = 0

    @Option(help: "Largest numOfRows (portal) or max (Pyxis) served.")
    var maxRows: Int = 100

    @Option(help: ArgumentHelp(
        "Serve covers here: pictures (JPEG, PNG, WebP…), bad (every broken kind), all, or none (keep the catalogue's URLs).",
        valueName: "kinds"))
    var covers: CoverSet = .pictures

    @Option(help: "Milliseconds to wait before every cover.")
    var coverLatencyMs: Int = 0

    enum CoverSet: String, ExpressibleByArgument { case pictures, bad, all, none }

    var coverKinds: [SampleCover]? {
        switch covers {
        case .none: return nil
        case .bad: return SampleCover.bad
        case .all: return SampleCover.allCases
        case .pictures: return SampleCover.pictures
        }
    }

    @Option(help: "Also write the endpoint URL to this file once listening.")
    var urlFile: String?

    // Both dialects are always served; this picks the endpoint printed.
    // Pyxis by default: it is what the demo shows.
    @Option(help: "The endpoint to print: pyxis (the Pyxis base, JSON) or portal (/holdings, XML). (default: pyxis)",
            transform: { text in
                guard let dialect = SampleDialect(rawValue: text) else {
                    throw ValidationError("--dialect must be pyxis or portal, not '\(text)'")
                }
                return dialect
            })
    var dialect: SampleDialect = .pyxis

    @Flag(help: "Answer an empty Pyxis search term with success:false, as some live servers do.")
    var refuseEmptyTerm = false

    func run() throws {
        let records: [SampleRecord]
        if let generate {
            var generator = CatalogueGenerator(seed: seed)
            records = generator.records(count: generate)
        } else {
            let path = catalogue ?? "Samples/catalogue.jsonl"
            do {
                records = try SampleCatalogue.load(path: path)
            } catch {
                throw ValidationError("cannot read the catalogue \(path): \(error.localizedDescription)")
            }
        }
        let server = SampleServer(records: records, options: .init(
            serviceKey: serviceKey, latency: .milliseconds(latencyMs), maxRows: maxRows,
            dialect: dialect, refuseEmptyTerm: refuseEmptyTerm, covers: coverKinds,
            coverLatency: .milliseconds(coverLatencyMs)))
        let url = try server.start(port: port)
        FileHandle.standardOutput.write(Data((url + "\n").utf8))
        if let urlFile {
            try (url + "\n").write(toFile: urlFile, atomically: true, encoding: .utf8)
        }
        let other = server.endpoint(for: dialect == .pyxis ? .portal : .pyxis)
        let note = "dlib-sample-server: \(records.count) holdings at \(url) (\(dialect.rawValue)); also \(other)\n"
        FileHandle.standardError.write(Data(note.utf8))
        while true { sleep(3600) }
    }
}

struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a generated catalogue as JSON lines (how Samples/catalogue.jsonl was made).")

    @Option(help: "How many holdings.")
    var count: Int = 1237

    @Option(help: "Seed; the same seed gives the same catalogue.")
    var seed: UInt64 = 2026

    func run() throws {
        var generator = CatalogueGenerator(seed: seed)
        FileHandle.standardOutput.write(try SampleCatalogue.jsonLines(generator.records(count: count)))
    }
}

struct WriteCovers: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "write-covers",
        abstract: "Write one file of every cover kind the server serves (the cover fuzzer's seeds).")

    @Argument(help: "The folder to write into.")
    var folder: String

    func run() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for kind in SampleCover.allCases where kind != .oversized {
            try Data(kind.body(for: "MOE000000001").bytes).write(to: URL(fileURLWithPath: folder + "/cover-" + kind.rawValue))
        }
    }
}
