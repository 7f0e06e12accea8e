import ArgumentParser
import DLibKit
import Foundation
import SampleServer

@main
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dlib-bench",
        abstract: "dlib's benchmarks: scripts/bench runs `dlib-bench run`.",
        subcommands: [RunBench.self, StartupBench.self, ParseBench.self, RenderBench.self, DocumentCommand.self])
}

struct ParseBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "parse", abstract: "Parse one large holdings document and print MB/s.")

    @Argument var file: String
    @Flag var foundation = false
    @Option var runs = 3

    func run() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        let result = try ParseBench.measure(data, foundation: foundation, runs: runs)
        print("\(result.holdings) holdings, \(String(format: "%.1f", result.megabytesPerSecond)) MB/s")
    }

    struct Result { var holdings: Int; var megabytesPerSecond: Double }

    static func measure(_ data: Data, foundation: Bool, runs: Int) throws -> Result {
        let bytes = Array(data)
        var holdings = 0
        var times: [Double] = []
        for _ in 0..<max(runs, 1) {
            times.append(try Measure.time {
                holdings = foundation
                    ? FoundationHoldingsParser.parse(data)
                    : try HoldingsParser.parse(bytes, defaultPageNo: 1, defaultPageSize: 0).holdings.count
            })
        }
        return Result(holdings: holdings, megabytesPerSecond: Double(bytes.count) / 1_048_576 / Measure.median(times))
    }
}

struct RenderBench: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "render", abstract: "Render N holdings through the table printer.")

    @Option var count = 100_000
    @Option var width = 132

    func run() throws {
        let seconds = RenderBench.measure(count: count, width: width)
        print("\(count) holdings in \(String(format: "%.3f", seconds)) s")
    }

    static func holdings(_ count: Int) -> [Holding] {
        var generator = CatalogueGenerator(seed: 7)
        let document = Array(SampleDocument.page(generator.records(count: count)).utf8)
        return (try? HoldingsParser.parse(document).holdings) ?? []
    }

    static func measure(count: Int, width: Int) -> Double {
        let all = holdings(count)
        let page = Page(holdings: all, pageNo: 1, pageSize: all.count, totalCount: all.count)
        var output = 0
        let seconds = Measure.time {
            output = TablePrinter(style: .plain(width: width)).render(page).utf8.count
        }
        precondition(output > 0)
        return seconds
    }
}

struct DocumentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "document", abstract: "Write one response body holding N generated holdings.")

    @Option var count = 105_000
    @Option var output: String

    func run() throws {
        var generator = CatalogueGenerator(seed: 2026)
        try SampleDocument.page(generator.records(count: count)).write(toFile: output, atomically: false, encoding: .utf8)
    }
}
