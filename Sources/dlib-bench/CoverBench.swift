import DLibKit
import Foundation
import SampleServer

/// Time to the first grid with covers against covers off: a page of 20
/// holdings that all have a cover, each cover 10 ms away, the cache cold
/// (a fresh state folder every run) and warm. Covers are drawn only on a
/// terminal, so every variant, covers off included, runs on a pseudo-
/// terminal this benchmark reads, and the time is taken when the grid's
/// footer arrives: the time to the first table, not to the process's exit
/// (after printing, dlib still moves the cursor and fills the caches).
struct CoverCase {
    var offMilliseconds: Double
    var coldMilliseconds: Double
    var warmMilliseconds: Double
    var coverLatencyMilliseconds: Double
    var covers: Int
    /// One cover fetched and decoded, as the cold run's budget.
    var oneCoverMilliseconds: Double
}

extension BenchContext {
    func coverCase() async throws -> CoverCase {
        var all = records(smoke ? 40 : 400)
        for index in all.indices { all[index].fields["coverUrl"] = "https://covers.example.invalid/\(index).jpg" }
        let latency = 10
        let server = SampleServer(records: all, options: .init(covers: [.jpeg, .png, .webp], coverLatency: .milliseconds(latency)))
        let endpoint = try server.start()
        defer { server.stop() }
        let runs = smoke ? 1 : 15

        func timed(_ images: String, state: String) throws -> Double {
            var environment = dlibEnvironment(endpoint)
            environment["DLIB_STATE_DIR"] = state
            environment["COLUMNS"] = "132"
            environment["TERM"] = "xterm-256color"
            // This pseudo-terminal answers no query: without a set width,
            // every run would wait out the ambiguous-width probe.
            environment["DLIB_AMBIGUOUS_WIDTH"] = "1"
            return try Self.untilFooter([dlib, "list", "--format", "grid", "--page-size", "20", "--images", images],
                                        environment: environment) * 1000
        }

        let warmState = work + "/cover-state"
        _ = try timed("blocks", state: warmState) // fills the cache
        var off: [Double] = [], cold: [Double] = [], warm: [Double] = []
        for run in 0..<runs {
            off.append(try timed("none", state: warmState))
            let asked = server.coverRequests
            warm.append(try timed("blocks", state: warmState))
            guard server.coverRequests == asked else {
                throw BenchError("the warm run asked for \(server.coverRequests - asked) covers: the cache is not warm")
            }
            let fresh = work + "/cover-cold-\(run)"
            cold.append(try timed("blocks", state: fresh))
            try? FileManager.default.removeItem(atPath: fresh)
        }

        // One cover in this process: a request at the server's latency, then decode and draw.
        let client = CurlClient()
        let url = endpoint.replacingOccurrences(of: SampleServer.path, with: "") + SampleCover.jpeg.path(for: "MOE000000001")
        var one: [Double] = []
        for _ in 0..<(smoke ? 2 : 11) {
            let started = ContinuousClock.now
            let body = try await client.get(HTTPRequest(url: url)).body
            if let image = try? CoverImage.decode(body, minimumDecodedSide: 240) {
                _ = CoverDrawer(mode: .blocks).lines(image, columns: 10, rows: 5)
            }
            one.append((ContinuousClock.now - started).inSeconds * 1000)
        }
        return CoverCase(offMilliseconds: Measure.median(off), coldMilliseconds: Measure.median(cold),
                         warmMilliseconds: Measure.median(warm), coverLatencyMilliseconds: Double(latency), covers: 20,
                         oneCoverMilliseconds: Measure.median(Array(one.dropFirst())))
    }
}

extension BenchContext {
    /// Seconds from starting `command` on a fresh pseudo-terminal until its
    /// output shows the page footer's `next:`; the command must then exit 0.
    static func untilFooter(_ command: [String], environment: [String: String]) throws -> Double {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 50, ws_col: 132, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw BenchError("no pseudo-terminal") }
        defer { close(master) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardOutput = terminal
        process.standardError = terminal
        process.standardInput = FileHandle.nullDevice
        let started = ContinuousClock.now
        try process.run()
        try terminal.close()
        var seen: [UInt8] = []
        var footerAt: Duration?
        var buffer = [UInt8](repeating: 0, count: 65536)
        let marker = Array("next: dlib list --next".utf8)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { break } // EIO once dlib has exited
            if footerAt == nil {
                seen += buffer[0..<count]
                if seen.count >= marker.count, (0...(seen.count - marker.count)).reversed().contains(where: {
                    seen[$0..<($0 + marker.count)].elementsEqual(marker)
                }) {
                    footerAt = ContinuousClock.now - started
                }
            }
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0, let footerAt else {
            throw BenchError("\(command.joined(separator: " ")) failed or printed no footer")
        }
        return footerAt.inSeconds
    }
}
