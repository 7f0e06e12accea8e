import Foundation

/// The folder `dlib snapshot` keeps: `holdings-YYYYMMDDTHHMMSSZ.csv`, each
/// with its `.json` manifest, `latest.csv` pointing at the newest good one,
/// and a lock file while a snapshot runs.
public struct SnapshotDirectory: Sendable {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var lockPath: String { path + "/.dlib-snapshot.lock" }
    public var latestPath: String { path + "/latest.csv" }

    public static let prefix = "holdings-"

    /// What to do about a `latest.csv` that is not dlib's.
    static let latestRemedy = "remove it, and the next snapshot points it at itself"

    /// Snapshot CSV names that have a manifest, oldest first (the names
    /// sort by time).
    public func completeSnapshots() -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let names = Set(entries)
        return entries
            .filter { $0.hasPrefix(Self.prefix) && $0.hasSuffix(".csv") && names.contains(Self.manifestName(for: $0)) }
            .sorted()
    }

    public static func manifestName(for csvName: String) -> String {
        String(csvName.dropLast(4)) + ".json"
    }

    /// The snapshot `latest.csv` points at, if any. dlib makes it a link to
    /// a snapshot's bare name in this folder; anything else there — a link
    /// out of the folder, to a snapshot that is gone, or a plain file — is
    /// not dlib's and is refused in one line rather than guessed at.
    public func latestTarget() throws(StateError) -> String? {
        var info = stat()
        guard lstat(latestPath, &info) == 0 else { return nil }
        guard info.st_mode & S_IFMT == S_IFLNK,
              let target = try? FileManager.default.destinationOfSymbolicLink(atPath: latestPath)
        else { throw StateError.notDlibs(latestPath, detail: "it is not a link to a snapshot", remedy: Self.latestRemedy) }
        guard !target.contains("/"), target.hasPrefix(Self.prefix), target.hasSuffix(".csv") else {
            throw StateError.notDlibs(latestPath, detail: "it points at \(target), not at a snapshot in this folder", remedy: Self.latestRemedy)
        }
        guard FileManager.default.fileExists(atPath: path + "/" + target) else {
            throw StateError.notDlibs(latestPath, detail: "it points at \(target), which is not there", remedy: Self.latestRemedy)
        }
        return target
    }

    /// A free name for a snapshot started at `date` (UTC); a second run in
    /// the same second takes the next free second.
    public func newName(startedAt date: Date) -> String {
        var seconds = Int(date.timeIntervalSince1970)
        while true {
            let name = Self.prefix + UTCStamp.compact(seconds) + ".csv"
            let manifest = Self.manifestName(for: name)
            if !FileManager.default.fileExists(atPath: path + "/" + name)
                && !FileManager.default.fileExists(atPath: path + "/" + manifest) {
                return name
            }
            seconds += 1
        }
    }

    /// What an interrupted run left: temporary files, and snapshots whose
    /// manifest never landed. Only called with the lock held.
    public func removeLeftovers() {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let names = Set(entries)
        for entry in entries {
            let orphan = entry.hasPrefix(Self.prefix) && entry.hasSuffix(".csv") && !names.contains(Self.manifestName(for: entry))
            let temporary = entry.hasPrefix(".") && entry.contains(".tmp-")
            if orphan || temporary { unlink(path + "/" + entry) }
        }
    }

    /// Points `latest.csv` at `name`, atomically (a new link renamed over it).
    public func promote(_ name: String) throws(StateError) {
        let temporary = TemporaryFiles.path(for: latestPath)
        unlink(temporary)
        guard symlink(name, temporary) == 0 else {
            throw .cannotWrite(latestPath, reason: String(cString: strerror(errno)))
        }
        guard rename(temporary, latestPath) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(latestPath, reason: reason)
        }
        AtomicFile.syncFolder(path)
    }

    /// Deletes all but the newest `keep` snapshots and their manifests,
    /// never the one `latest.csv` points at. Returns what it removed.
    @discardableResult
    public func prune(keep: Int) -> [String] {
        let snapshots = completeSnapshots()
        guard snapshots.count > keep else { return [] }
        let latest = try? latestTarget()
        var removed: [String] = []
        for name in snapshots.dropLast(keep) where name != latest {
            unlink(path + "/" + Self.manifestName(for: name))
            unlink(path + "/" + name)
            removed.append(name)
        }
        return removed
    }
}

/// UTC times as the snapshot names and manifests write them.
public enum UTCStamp {
    public static func compact(_ seconds: Int) -> String {
        let parts = components(seconds)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.0, parts.1, parts.2, parts.3, parts.4, parts.5)
    }

    public static func iso(_ date: Date) -> String {
        let parts = components(Int(date.timeIntervalSince1970))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", parts.0, parts.1, parts.2, parts.3, parts.4, parts.5)
    }

    private static func components(_ seconds: Int) -> (Int, Int, Int, Int, Int, Int) {
        var time = time_t(seconds)
        var broken = tm()
        gmtime_r(&time, &broken)
        return (Int(broken.tm_year) + 1900, Int(broken.tm_mon) + 1, Int(broken.tm_mday),
                Int(broken.tm_hour), Int(broken.tm_min), Int(broken.tm_sec))
    }
}
