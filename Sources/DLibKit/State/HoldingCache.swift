import Foundation

/// Every holding dlib has fetched from one endpoint, by control number, so
/// `dlib show` can open any holding seen on a listed page without asking
/// the server again. One JSON object a line, replaced atomically.
public struct HoldingCache: Sendable {
    public let file: String
    private let lockFile: String

    public init(state: StateDirectory, endpoint: String) throws(StateError) {
        let folder = try state.ensure("cache")
        let name = String(FNV1a.hash(endpoint), radix: 16)
        file = "\(folder)/\(name).jsonl"
        lockFile = "\(folder)/\(name).lock"
    }

    /// Adds or refreshes these holdings; the newest copy of each wins.
    public func remember(_ holdings: [Holding]) throws(StateError) {
        guard !holdings.isEmpty else { return }
        let lock = try FileLock(path: lockFile)
        defer { lock.release() }
        var known = all()
        var order = known.keys.sorted()
        for holding in holdings {
            if known[holding.controlNo] == nil { order.append(holding.controlNo) }
            known[holding.controlNo] = holding
        }
        var text = ""
        for id in order {
            if let holding = known[id] { text += JSONWriter.object(holding) + "\n" }
        }
        try AtomicFile.write(Array(text.utf8), to: file)
    }

    public func holding(_ controlNo: String) -> Holding? {
        all()[controlNo]
    }

    /// What the cache holds; an unreadable line is skipped, not fatal.
    public func all() -> [String: Holding] {
        guard let data = FileManager.default.contents(atPath: file) else { return [:] }
        var result: [String: Holding] = [:]
        for line in data.split(separator: UInt8(ascii: "\n")) {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
                  let holding = Holding(jsonObject: object)
            else { continue }
            result[holding.controlNo] = holding
        }
        return result
    }
}

extension Holding {
    /// From an object with the contract's names, as `JSONWriter` writes it.
    public init?(jsonObject object: [String: Any]) {
        guard let id = object["controlNo"] as? String else { return nil }
        func text(_ name: String) -> String? { object[name] as? String }
        self.init(
            controlNo: id, title: text("title"), author: text("author"), publisher: text("publisher"),
            pubYear: text("pubYear"), isbn: text("isbn"), callNo: text("callNo"),
            materialType: text("materialType"), location: text("location"),
            regDate: text("regDate"), coverUrl: text("coverUrl"))
    }
}
