import Foundation

/// An exclusive `flock` on a lock file, held until `release()` or until the
/// process ends (the kernel drops it then, so a crash never leaves it held).
/// The one lock dlib has: the cursor waits for it, a snapshot does not.
public final class FileLock {
    public let path: String
    private var fd: Int32

    public enum Waiting {
        /// Wait for another process to let go (the cursor: two `--next` in a row).
        case wait
        /// Fail at once with `.busy`, naming the holder (a snapshot folder).
        case failIfHeld(what: String)
    }

    public init(path: String, waiting: Waiting = .wait) throws(StateError) {
        self.path = path
        do {
            fd = try PrivateFile.open(path)
        } catch {
            if case .cannotWrite(_, let reason) = error { throw .cannotLock(path, reason: reason) }
            throw error // refused: a link or not a file, said as such
        }
        switch waiting {
        case .wait:
            while flock(fd, LOCK_EX) != 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                close(fd)
                throw .cannotLock(path, reason: reason)
            }
        case .failIfHeld(let what):
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                var buffer = [UInt8](repeating: 0, count: 32)
                let count = pread(fd, &buffer, buffer.count, 0)
                close(fd)
                let pid = count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self).trimmingUnicodeWhitespace() : ""
                throw .busy(path, what: what, pid: pid.isEmpty ? nil : pid)
            }
            // The holder's pid, for the line a second run prints.
            let pid = Array("\(getpid())\n".utf8)
            _ = ftruncate(fd, 0)
            _ = pwrite(fd, pid, pid.count, 0)
        }
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
