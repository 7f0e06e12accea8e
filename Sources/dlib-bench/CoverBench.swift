import DLibKit
import Foundation
import SampleServer
import Synchronization

/// Time to the first grid with covers against covers off: a page of 20
/// holdings that all have a cover, each cover 10 ms away, the cache cold
/// (a fresh state folder every run) and warm. Covers are drawn only on a
/// terminal, so every variant, covers off included, runs under script(1)'s
/// pseudo-terminal: the comparison carries the same overhead on each side.
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
    func coverCase() throws -> CoverCase {
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
            let command = [dlib, "list", "--format", "grid", "--page-size", "20", "--images", images]
                .map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let measured = try Measure.run(["script", "-qec", command, "/dev/null"], environment: environment)
            guard measured.status == 0 else { throw BenchError("dlib list --images \(images) failed") }
            return measured.seconds * 1000
        }

        let warmState = work + "/cover-state"
        _ = try timed("blocks", state: warmState) // fills the cache
        var off: [Double] = [], cold: [Double] = [], warm: [Double] = []
        for run in 0..<runs {
            off.append(try timed("none", state: warmState))
            warm.append(try timed("blocks", state: warmState))
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
            let body = try awaitSync { try await client.get(HTTPRequest(url: url)) }.body
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

/// Runs async work from the synchronous bench code.
func awaitSync<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        do { box.set(.success(try await body())) } catch { box.set(.failure(error)) }
        done.signal()
    }
    done.wait()
    return try box.get()
}

final class ResultBox<T: Sendable>: Sendable {
    private let value = Mutex<Result<T, any Error>?>(nil)
    func set(_ result: Result<T, any Error>) { value.withLock { $0 = result } }
    func get() throws -> T {
        guard let result = value.withLock({ $0 }) else { throw BenchError("no result") }
        return try result.get()
    }
}
