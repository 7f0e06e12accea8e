import Foundation

/// Where `dlib list --next` carries on from: the last page shown, per
/// endpoint and search text. The service key is never part of it.
public struct CursorPosition: Codable, Sendable, Equatable {
    public var endpoint: String
    public var keyword: String?
    public var page: Int
    public var pageSize: Int
    public var totalCount: Int?

    public init(endpoint: String, keyword: String?, page: Int, pageSize: Int, totalCount: Int?) {
        self.endpoint = endpoint
        self.keyword = keyword
        self.page = page
        self.pageSize = pageSize
        self.totalCount = totalCount
    }
}

/// The cursor file of one (endpoint, search text), and the lock that makes
/// a read-fetch-advance run of dlib exclusive across processes.
public struct CursorStore: Sendable {
    public let file: String
    public let lockFile: String
    private let endpoint: String
    private let keyword: String?

    public init(state: StateDirectory, endpoint: String, keyword: String?) throws(StateError) {
        let folder = try state.ensure("cursors")
        let identity = endpoint + "\n" + (keyword ?? "")
        let name = String(FNV1a.hash(identity), radix: 16)
        file = "\(folder)/\(name).json"
        lockFile = "\(folder)/\(name).lock"
        self.endpoint = endpoint
        self.keyword = keyword
    }

    /// Held from before the cursor is read until after it is written, so two
    /// `dlib list --next` at once take consecutive pages.
    public func lock() throws(StateError) -> FileLock {
        try FileLock(path: lockFile)
    }

    public enum ReadResult: Equatable {
        case none
        case position(CursorPosition)
        /// The file was there but unreadable; dlib starts over and says so.
        case corrupt
    }

    public func read() -> ReadResult {
        var info = stat()
        guard lstat(file, &info) == 0 else { return .none }
        // A link or anything but a small regular file is not a cursor dlib wrote.
        guard let bytes = PrivateFile.contents(file) else { return .corrupt }
        let data = Data(bytes)
        // The file is ours, but whatever is in it is checked like input:
        // a huge page would overflow the arithmetic of `--next`.
        guard let position = try? JSONDecoder().decode(CursorPosition.self, from: data),
              (1...Page.maximumPageNumber).contains(position.page), (1...100).contains(position.pageSize)
        else { return .corrupt }
        return .position(position)
    }

    public func write(page: Int, pageSize: Int, totalCount: Int?) throws(StateError) {
        let position = CursorPosition(endpoint: endpoint, keyword: keyword, page: page, pageSize: pageSize, totalCount: totalCount)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(position)) ?? Data()
        try AtomicFile.write(Array(data) + [0x0A], to: file)
    }

    public func reset() throws(StateError) {
        if unlink(file) != 0, errno != ENOENT {
            throw .cannotWrite(file, reason: String(cString: strerror(errno)))
        }
    }
}
