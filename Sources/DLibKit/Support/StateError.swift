/// What can go wrong with a file or folder dlib keeps or writes.
public enum StateError: Error, Sendable, Equatable, UserFacing {
    case cannotCreate(String, reason: String)
    case cannotWrite(String, reason: String)
    case cannotLock(String, reason: String)
    /// The SQLite database could not be opened, read or written.
    case store(String, reason: String)
    /// A file or folder dlib will not use as it is (a link, someone else's).
    case refused(String, reason: String)
    case cannotRead(String, reason: String)
    /// A file where dlib expects one of its own, that is not: `detail` says
    /// how it differs, `remedy` what to do.
    case notDlibs(String, detail: String, remedy: String?)
    /// A lock another run holds, where waiting makes no sense.
    case busy(String, what: String, pid: String?)

    public var userMessage: String {
        switch self {
        case .cannotCreate(let path, let reason): return "cannot create the state folder \(path): \(reason)"
        case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
        case .cannotLock(let path, let reason): return "cannot lock \(path): \(reason)"
        case .store(let path, let reason): return "the local store \(path) failed: \(reason)"
        case .refused(let path, let reason): return "refusing \(path): \(reason)"
        case .cannotRead(let path, let reason): return "cannot read \(path): \(reason)"
        case .notDlibs(let path, let detail, let remedy): return "\(path) is not dlib's: \(detail)" + (remedy.map { "; \($0)" } ?? "")
        case .busy(let path, let what, let pid):
            return "another \(what) (\(pid.map { "pid \($0)" } ?? "another process") holds \(path))"
        }
    }
}
