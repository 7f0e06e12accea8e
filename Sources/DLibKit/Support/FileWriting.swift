import Foundation

/// Every byte of a buffer to a descriptor, through EINTR and short writes.
enum FileDescriptorWriter {
    static func write(_ bytes: [UInt8], to fd: Int32, path: String) throws(StateError) {
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure != 0 { throw .cannotWrite(path, reason: String(cString: strerror(failure))) }
    }
}

/// Names of temporary files: `.NAME.tmp-PID-RANDOM` beside NAME, so a
/// later run can tell a dead process's leftovers from a live one's.
enum TemporaryFiles {
    static func path(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let prefix = folder.isEmpty ? "" : folder + "/"
        return "\(prefix).\(name).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    static func removeStale(in folder: String, for name: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let prefix = ".\(name).tmp-"
        for entry in entries where entry.hasPrefix(prefix) {
            let rest = entry.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }) else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(folder + "/" + entry)
            }
        }
    }
}
