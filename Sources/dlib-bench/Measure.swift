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
}

enum Measure {
    static func run(_ command: [String], environment: [String: String], stdout: String = "/dev/null") throws -> Measurement {
        let rssFile = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-bench-rss-\(getpid())").path
        defer { unlink(rssFile) }
        let arguments = ["/usr/bin/time", "-f", "%M", "-o", rssFile] + command
        var fileActions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/tmp/dlib-bench-stderr.log", O_WRONLY | O_CREAT | O_APPEND, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let started = ContinuousClock.now
        let spawned = posix_spawnp(&pid, arguments[0], &fileActions, nil, argv, envp)
        guard spawned == 0 else { throw BenchError("cannot start \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - started
        let exit = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        // The last line: /usr/bin/time puts a note about a failed command first.
        let report = (try? String(contentsOfFile: rssFile, encoding: .utf8)) ?? ""
        let rss = report.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        return Measurement(seconds: elapsed.inSeconds, peakRSSKiB: rss, status: exit)
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

