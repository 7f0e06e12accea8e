import Foundation

/// Opening a file of dlib's own state: never through a symbolic link (a
/// link planted in the state folder would make dlib write elsewhere), and
/// always private (0600), also when it was made by an older dlib or by
/// hand with a looser mode.
public enum PrivateFile {
    /// An open descriptor, created 0600 when missing, made 0600 when not.
    public static func open(_ path: String, flags: Int32 = O_RDWR) throws(StateError) -> Int32 {
        let fd = Glibc.open(path, flags | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == ELOOP { throw .refused(path, reason: "it is a symbolic link, which dlib does not follow for its own files") }
            throw .cannotWrite(path, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .refused(path, reason: "it is not a regular file")
        }
        if info.st_mode & 0o077 != 0 { fchmod(fd, 0o600) }
        return fd
    }

    /// The bytes of a state file, read without following a link: nil when
    /// it is missing, a link, or not a regular file.
    public static func contents(_ path: String) -> [UInt8]? {
        let fd = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 1 << 20 else { return nil }
        if info.st_mode & 0o077 != 0 { fchmod(fd, 0o600) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return count == bytes.count ? bytes : nil
    }

    /// Makes an existing regular file private; a link or anything else is
    /// left alone (and refused where it matters, by `open`).
    public static func makePrivate(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 != 0 else { return }
        chmod(path, 0o600)
    }
}
