import Foundation

/// The `git` command line, run in one repository: what users have and
/// trust, so the history dlib keeps is one they can read with their own
/// tools. Every run names dlib as author and committer (a machine with no
/// git identity configured still commits), never signs, never prompts, and
/// speaks C, so what it prints is what this code expects.
public struct GitCommand: Sendable {
    public let repository: String
    public let executable: String

    public struct Output: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: String

        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Fails with `.missing` when there is no `git` on PATH.
    public init(repository: String, path: String? = ProcessInfo.processInfo.environment["PATH"]) throws(GitError) {
        self.repository = repository
        let folders = (path ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
        guard let found = folders.map({ $0 + "/git" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw .missing
        }
        executable = found
    }

    static let settings = [
        "-c", "user.name=dlib", "-c", "user.email=dlib@localhost",
        "-c", "commit.gpgsign=false", "-c", "core.quotepath=off", "-c", "init.defaultBranch=main",
    ]

    /// The environment git runs with: the user's, without anything that
    /// would point it at another repository, in the C locale, and without
    /// the service key (git runs the repository's hooks with it).
    static func environment() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DLIB_SERVICE_KEY"] = nil
        for name in ["GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_NAMESPACE", "GIT_CEILING_DIRECTORIES"] {
            environment[name] = nil
        }
        environment["LC_ALL"] = "C"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_PAGER"] = "cat"
        return environment
    }

    /// Runs `git -C REPOSITORY ARGUMENTS`; a status other than those
    /// `accepting` lists is `.failed`, with git's own first line.
    @discardableResult
    public func run(_ arguments: [String], accepting: Set<Int32> = [0]) async throws(GitError) -> Output {
        let output: Output
        do { output = try await launch(arguments) }
        catch { throw .failed(command: arguments.first ?? "", folder: repository, detail: "\(error)") }
        guard accepting.contains(output.status) else {
            throw .failed(command: arguments.first ?? "", folder: repository, detail: Self.firstLine(output.stderr, status: output.status))
        }
        return output
    }

    private func launch(_ arguments: [String]) async throws -> Output {
        // Output goes through files, so a large `git show` never blocks on
        // a full pipe while the other one waits to be read.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dlib-git-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = scratch.appendingPathComponent("stdout")
        let err = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-C", repository] + Self.settings + arguments
        process.environment = Self.environment()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        // Waits without holding a thread of the cooperative pool.
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        return Output(status: status, stdout: try Data(contentsOf: out),
                      stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }

    static func firstLine(_ stderr: String, status: Int32) -> String {
        let line = stderr.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { !$0.isEmpty && !$0.hasPrefix("hint:") }
        return line.map { Sanitiser.clean($0) } ?? "exit status \(status)"
    }
}

/// What can go wrong with the repository `snapshot --git` keeps, each in
/// one line the user can act on.
public enum GitError: Error, Equatable, UserFacing {
    /// No `git` on PATH.
    case missing
    /// A git command failed: which, where, and git's own first line.
    case failed(command: String, folder: String, detail: String)
    /// Changes dlib did not make: committing over them would mix them in.
    case dirty(folder: String, paths: [String])
    /// The folder is something else: not empty and not a repository, or a
    /// folder inside another repository.
    case notARepository(folder: String, detail: String)

    public var userMessage: String {
        switch self {
        case .missing:
            return "git is not installed or not on PATH; --git needs it (on Debian: apt-get install git)"
        case .failed(let command, let folder, let detail):
            return "git \(command) failed in \(folder): \(detail)"
        case .dirty(let folder, let paths):
            let named = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", …" : "")
            return "\(folder) has changes dlib did not make (\(named)); commit or discard them first (git -C \(folder) status)"
        case .notARepository(let folder, let detail):
            return "\(folder) is not a snapshot history: \(detail)"
        }
    }
}
