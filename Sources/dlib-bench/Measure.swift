import Foundation

/// One run of a command: wall time, and peak RSS as `/usr/bin/time` reports
/// it (the largest of the command and its children). /usr/bin/time forks
/// the command itself; measured straight from posix_spawn, the command's
/// high-water mark would include this benchmark's own memory, which the
/// child shares until it execs.
struct Measurement {
    var seconds: Double
    var peakRSSKiB: Int
    var status: Int32
    /// From spawn to the moment standard output held `marker` (runUntil only).
    var secondsToMarker: Double?
    /// User and system time of the command (and /usr/bin/time, a few hundred µs).
    var cpuSeconds: Double = 0
}

enum Measure {
    static func run(_ command: [String], environment: [String: String], stdout: String = "/dev/null") throws -> Measurement {
        try spawn(command, environment: environment, stdout: stdout, marker: nil)
    }

    /// `run`, with standard output read through a pipe: also the time until
    /// it held `marker` (dlib's footer: the page is on the screen, whatever
    /// dlib does after it before it exits).
    static func runUntil(_ marker: String, _ command: [String], environment: [String: String]) throws -> Measurement {
        try spawn(command, environment: environment, stdout: nil, marker: Array(marker.utf8))
    }

    private static func spawn(_ command: [String], environment: [String: String], stdout: String?, marker: [UInt8]?) throws -> Measurement {
        let rssFile = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-bench-rss-\(getpid())").path
        defer { unlink(rssFile) }
        let arguments = ["/usr/bin/time", "-f", "%M", "-o", rssFile] + command
        var fileActions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        var pipeEnds: [Int32] = [-1, -1]
        if let stdout {
            posix_spawn_file_actions_addopen(&fileActions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        } else {
            guard pipe(&pipeEnds) == 0 else { throw BenchError("pipe: \(String(cString: strerror(errno)))") }
            posix_spawn_file_actions_adddup2(&fileActions, pipeEnds[1], 1)
            posix_spawn_file_actions_addclose(&fileActions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&fileActions, pipeEnds[1])
        }
        posix_spawn_file_actions_addopen(&fileActions, 2, "/tmp/dlib-bench-stderr.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let spawned = posix_spawnp(&pid, arguments[0], &fileActions, nil, argv, envp)
        if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
        guard spawned == 0 else {
            if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
            throw BenchError("cannot start \(command[0]): \(String(cString: strerror(spawned)))")
        }
        var toMarker: Double?
        if pipeEnds[0] >= 0 {
            // Read to the end; note when the marker first arrived.
            var seen: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = read(pipeEnds[0], &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                if toMarker == nil, let marker {
                    seen += buffer[0..<count]
                    if seen.count >= marker.count, Self.contains(seen, marker) { toMarker = (ContinuousClock.now - started).inSeconds }
                }
            }
            close(pipeEnds[0])
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - started
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        // The last line: /usr/bin/time puts a note about a failed command first.
        let report = (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? ""
        let rss = report.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        return Measurement(seconds: elapsed.inSeconds, peakRSSKiB: rss, status: exit, secondsToMarker: toMarker, cpuSeconds: cpu)
    }

    private static func contains(_ bytes: [UInt8], _ marker: [UInt8]) -> Bool {
        guard bytes.count >= marker.count else { return false }
        return (0...(bytes.count - marker.count)).contains { start in bytes[start..<(start + marker.count)].elementsEqual(marker) }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    /// Times a piece of work in this process.
    static func time(_ body: () throws -> Void) rethrows -> Double {
        let started = ContinuousClock.now
        try body()
        return (ContinuousClock.now - started).inSeconds
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

