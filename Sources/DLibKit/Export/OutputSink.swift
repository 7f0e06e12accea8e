import CShims
import Foundation

/// Where exported bytes go: standard output, or a file that appears under
/// its name only once it is complete.
public protocol OutputSink: AnyObject {
    func write(_ bytes: [UInt8]) throws(StateError)
    /// Everything was written: make it durable and visible.
    func commit() throws(StateError)
    /// Something failed: leave nothing behind.
    func abandon()
}

/// Standard output; commit and abandon have nothing to undo.
public final class StandardOutputSink: OutputSink {
    public init() {}

    public func write(_ bytes: [UInt8]) throws(StateError) {
        try FileDescriptorWriter.write(bytes, to: STDOUT_FILENO, path: "standard output")
    }

    public func commit() {}
    public func abandon() {}
}

/// A file written under a temporary name beside its final one, fsynced and
/// renamed into place by `commit`. On failure, or if the process is
/// interrupted (SIGINT, SIGTERM, SIGHUP), the temporary file is removed; a
/// temporary file left by a process that was SIGKILLed is removed by the
/// next write to the same name.
public final class AtomicFileSink: OutputSink {
    public let path: String
    public let temporaryPath: String
    private var fd: Int32
    private var cleanupSlot: Int32
    private var finished = false

    public init(path: String, mode: mode_t = 0o666) throws(StateError) {
        self.path = path
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        TemporaryFiles.removeStale(in: folder.isEmpty ? "." : folder, for: name)
        temporaryPath = TemporaryFiles.path(for: path)
        fd = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
        cleanupSlot = dlib_cleanup_add(temporaryPath)
    }

    deinit { abandon() }

    public func write(_ bytes: [UInt8]) throws(StateError) {
        try FileDescriptorWriter.write(bytes, to: fd, path: path)
    }

    /// Makes the bytes durable without renaming, so that a commit soon
    /// after is only a rename.
    public func prepare() throws(StateError) {
        guard !finished, fd >= 0 else { return }
        if fsync(fd) != 0 {
            let reason = String(cString: strerror(errno))
            abandon()
            throw .cannotWrite(path, reason: reason)
        }
    }

    public func commit() throws(StateError) {
        guard !finished else { return }
        // fd is closed already when `commitWrittenByName` synced the file.
        if fd >= 0 {
            if fsync(fd) != 0 {
                let reason = String(cString: strerror(errno))
                abandon()
                throw .cannotWrite(path, reason: reason)
            }
            close(fd)
            fd = -1
        }
        if rename(temporaryPath, path) != 0 {
            let reason = String(cString: strerror(errno))
            abandon()
            throw .cannotWrite(path, reason: reason)
        }
        finished = true
        dlib_cleanup_remove(cleanupSlot)
        AtomicFile.syncFolder((path as NSString).deletingLastPathComponent)
    }

    public func abandon() {
        guard !finished else { return }
        finished = true
        if fd >= 0 { close(fd); fd = -1 }
        unlink(temporaryPath)
        dlib_cleanup_remove(cleanupSlot)
    }

    /// For a library that wrote `temporaryPath` by name (libxlsxwriter,
    /// SQLite) rather than through `write`: the file is opened again, so
    /// the fsync reaches whatever file is there now even if the library
    /// replaced the one this sink created, then renamed into place.
    public func commitWrittenByName() throws(StateError) {
        guard !finished else { return }
        if fd >= 0 { close(fd); fd = -1 }
        let written = open(temporaryPath, O_RDONLY | O_CLOEXEC)
        guard written >= 0, fsync(written) == 0 else {
            let reason = String(cString: strerror(errno))
            if written >= 0 { close(written) }
            abandon()
            throw .cannotWrite(path, reason: reason)
        }
        close(written)
        try commit()
    }
}

/// Where `-o FILE` writes, by what FILE is now: a new or regular file is
/// written beside it and renamed into place; a device or FIFO (`/dev/null`,
/// `/dev/full`, a named pipe) is written in place, since renaming a file
/// over it would replace the device; a symbolic link is followed and its
/// target replaced atomically, the link kept; a folder is refused.
public enum OutputFile {
    public static func sink(for path: String) throws(StateError) -> any OutputSink {
        var info = stat()
        guard lstat(path, &info) == 0 else { return try AtomicFileSink(path: path) }
        // A link is judged by what it points at; a dangling one is a new
        // file there.
        var target = path
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        if isLink {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
                throw .refused(path, reason: "its link cannot be read")
            }
            let folder = (path as NSString).deletingLastPathComponent
            target = destination.hasPrefix("/") ? destination : (folder.isEmpty ? "." : folder) + "/" + destination
            guard stat(target, &info) == 0 else { return try AtomicFileSink(path: target) }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return try AtomicFileSink(path: target)
        case S_IFDIR:
            throw .refused(path, reason: isLink ? "it links to a folder; give a file name" : "it is a folder; give a file name")
        default:
            return try InPlaceSink(path: path)
        }
    }
}

extension OutputFile {
    /// For formats a library writes by file name and may seek in (xlsx,
    /// SQLite): only a new or regular file (or a link to one) will do,
    /// written beside its name and renamed into place.
    public static func fileSink(for path: String, format: String) throws(StateError) -> AtomicFileSink {
        let sink = try sink(for: path)
        guard let file = sink as? AtomicFileSink else {
            sink.abandon()
            throw .refused(path, reason: "\(format) is written to a regular file, not to a device or pipe")
        }
        return file
    }
}

/// A device or FIFO, written where it is: nothing to rename, nothing to
/// remove on failure (what was written went to the device).
public final class InPlaceSink: OutputSink {
    public let path: String
    private var fd: Int32

    public init(path: String) throws(StateError) {
        self.path = path
        fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
    }

    deinit { abandon() }

    public func write(_ bytes: [UInt8]) throws(StateError) {
        try FileDescriptorWriter.write(bytes, to: fd, path: path)
    }

    public func commit() throws(StateError) { abandon() }

    public func abandon() {
        if fd >= 0 { close(fd); fd = -1 }
    }
}
