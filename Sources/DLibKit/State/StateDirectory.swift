import Foundation

/// Where dlib keeps what it remembers between runs: `DLIB_STATE_DIR`, else
/// `$XDG_STATE_HOME/dlib`, else `~/.local/state/dlib`. Created 0700.
public struct StateDirectory: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> StateDirectory {
        if let explicit = environment["DLIB_STATE_DIR"], !explicit.isEmpty {
            return StateDirectory(path: explicit)
        }
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            return StateDirectory(path: xdg + "/dlib")
        }
        let home = environment["HOME"] ?? NSHomeDirectory()
        return StateDirectory(path: home + "/.local/state/dlib")
    }

    /// The folder, made (with its parents) if missing; dlib's own folders
    /// are kept 0700 so nobody else reads what dlib remembers.
    public func ensure(_ subfolder: String? = nil) throws(StateError) -> String {
        let folder = subfolder.map { path + "/" + $0 } ?? path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw StateError.cannotCreate(folder, reason: error.localizedDescription)
        }
        // Someone else's folder could be read, or swapped under dlib, by them.
        for owned in Set([path, folder]) {
            var info = stat()
            guard stat(owned, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw StateError.refused(owned, reason: "it is not a folder")
            }
            guard info.st_uid == geteuid() else {
                throw StateError.refused(owned, reason: "it belongs to another user (uid \(info.st_uid)); dlib keeps its state only in a folder of yours")
            }
            chmod(owned, 0o700)
        }
        return folder
    }
}
