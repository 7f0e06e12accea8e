import Foundation

/// An exclusive `flock` on a lock file, held until `release()` or until the
/// process ends (the kernel drops it then, so a crash never leaves it held).
public final class FileLock {
    public let path: String
    private var fd: Int32

    /// Waits for the lock when another process holds it.
    public init(path: String) throws(StateError) {
        self.path = path
        do {
            fd = try PrivateFile.open(path)
        } catch {
            if case .cannotWrite(_, let reason) = error { throw .cannotLock(path, reason: reason) }
            throw error // refused: a link or not a file, said as such
        }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let reason = String(cString: strerror(errno))
            close(fd)
            throw .cannotLock(path, reason: reason)
        }
    }

    public func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}
