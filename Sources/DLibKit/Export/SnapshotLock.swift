import Foundation

/// The lock of a snapshot folder: `flock` without waiting, the holder's pid
/// written inside for the message a second run prints. The kernel drops a
/// flock when its process dies, so a crashed run never blocks the next.
public final class SnapshotLock {
    private var fd: Int32

    public enum Failure: Error, Equatable {
        case held(path: String, pid: String?)
        case cannotOpen(path: String, reason: String)

        public var userMessage: String {
            switch self {
            case .held(let path, let pid):
                let holder = pid.map { "pid \($0)" } ?? "another process"
                return "another snapshot is running in this folder (\(holder) holds \(path))"
            case .cannotOpen(let path, let reason):
                return "cannot open the lock \(path): \(reason)"
            }
        }
    }

    public init(path: String) throws(Failure) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(fd, &buffer, buffer.count, 0)
            close(fd)
            let pid = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) : nil
            throw .held(path: path, pid: pid?.isEmpty == false ? pid : nil)
        }
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pwrite(fd, pid, pid.count, 0)
    }

    public func release() {
        guard fd >= 0 else { return }
        _ = ftruncate(fd, 0)
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}
