import Foundation

/// Writes a file so that it is either wholly there or not changed at all:
/// a temporary file beside it, fsync, rename over the old one, fsync the
/// folder. Readers never see half a file, and a crash leaves the old one.
public enum AtomicFile {
    public static func write(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(StateError) {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = TemporaryFiles.path(for: path)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
        do {
            try FileDescriptorWriter.write(bytes, to: fd, path: path)
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        var failure: Int32 = 0
        if fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .cannotWrite(path, reason: String(cString: strerror(failure)))
        }
        syncFolder(folder)
    }

    /// Makes a rename durable: the folder's entry must reach the disk too.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }
}
