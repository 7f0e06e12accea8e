import Foundation
import Synchronization

/// The sample catalogue served per shared/api-contract.md on 127.0.0.1, in
/// both of its dialects at once: the portal's XML under `/holdings` and
/// Pyxis JSON under `/pyxis-api/`. Paging, the row cap, the search term, a
/// service-key check (portal) when started with a key, fault injection,
/// and a log of every request for tests to read.
public final class SampleServer: Sendable {
    public struct Options: Sendable {
        /// When set, portal requests without exactly this key get the
        /// gateway's SERVICE_KEY_IS_NOT_REGISTERED_ERROR envelope. Pyxis
        /// takes no key.
        public var serviceKey: String?
        /// Added before every answer, as a far-away server would.
        public var latency: Duration
        /// Largest `numOfRows` or `max` served.
        public var maxRows: Int
        /// Which endpoint `start()` returns; both dialects are served anyway.
        public var dialect: SampleDialect
        /// Answer an empty Pyxis search term with `success:false`
        /// (`error.search.keyword.required`), as some live servers do.
        public var refuseEmptyTerm: Bool
        /// When set, holdings with a cover get one served here, these kinds
        /// in turn (see SampleCover); nil keeps the catalogue's own URLs.
        public var covers: [SampleCover]?
        /// Added before every cover, instead of `latency`.
        public var coverLatency: Duration

        public init(serviceKey: String? = nil, latency: Duration = .zero, maxRows: Int = 100,
                    dialect: SampleDialect = .portal, refuseEmptyTerm: Bool = false,
                    covers: [SampleCover]? = nil, coverLatency: Duration = .zero) {
            self.serviceKey = serviceKey
            self.latency = latency
            self.maxRows = maxRows
            self.dialect = dialect
            self.refuseEmptyTerm = refuseEmptyTerm
            self.covers = covers
            self.coverLatency = coverLatency
        }
    }

    /// One request as the server saw it.
    public struct LoggedRequest: Sendable, Equatable {
        public var path: String
        /// The portal's `pageNo`; for a Pyxis search `offset / max + 1`, so
        /// pages are counted alike in both dialects. Nil for items requests.
        public var pageNo: Int?
        public var numOfRows: Int?
        public var keyword: String?
        /// A Pyxis search's `offset`, `max` and term (after `k|a|`); nil for the portal.
        public var offset: Int?
        public var max: Int?
        public var term: String?
        public var dialect: SampleDialect
        /// The holding whose copies an items request asked for.
        public var biblioID: String?
        /// A cover, not a page.
        public var isCover = false

        init(path: String, pageNo: Int? = nil, numOfRows: Int? = nil, keyword: String? = nil,
             offset: Int? = nil, max: Int? = nil, term: String? = nil,
             dialect: SampleDialect, biblioID: String? = nil) {
            self.path = path
            self.pageNo = pageNo
            self.numOfRows = numOfRows
            self.keyword = keyword
            self.offset = offset
            self.max = max
            self.term = term
            self.dialect = dialect
            self.biblioID = biblioID
        }
    }

    /// The portal endpoint's path.
    public static let path = "/holdings"
    /// The Pyxis base (everything before `/search`), as on library.me.go.kr.
    public static let pyxisBasePath = "/pyxis-api/2/collections/2"

    let options: Options
    let records: Mutex<[SampleRecord]>
    private let log = Mutex<[LoggedRequest]>([])
    private let concurrency = Mutex((now: 0, most: 0))
    private let faults = Mutex<[FaultRule]>([])
    let stopping = Mutex(false)
    private let http = Mutex<LoopbackHTTPServer?>(nil)
    private let port = Mutex<UInt16>(0)
    let coverKinds = Mutex<[String: SampleCover]>([:])
    let coverBodies = Mutex<[String: (contentType: String, bytes: [UInt8])]>([:])

    public init(records: [SampleRecord], options: Options = Options()) {
        self.records = Mutex(records)
        self.options = options
    }

    /// Starts listening and returns the endpoint URL to give dlib, for
    /// `options.dialect`.
    public func start(port: UInt16 = 0) throws -> String {
        let server = LoopbackHTTPServer { [self] request in respond(to: request) }
        let bound = try server.start(port: port)
        http.withLock { $0 = server }
        self.port.withLock { $0 = bound }
        if let kinds = options.covers, !kinds.isEmpty { serveCovers(kinds, origin: "http://127.0.0.1:\(bound)") }
        return endpoint(for: options.dialect)
    }

    /// The endpoint of either dialect on this server, once started: the
    /// portal's `/holdings` or the Pyxis base (before `/search`).
    public func endpoint(for dialect: SampleDialect) -> String {
        let origin = "http://127.0.0.1:\(port.withLock { $0 })"
        switch dialect {
        case .portal: return origin + Self.path
        case .pyxis: return origin + Self.pyxisBasePath
        }
    }

    /// From now on, answer `page` (every page when nil) with `fault`, the
    /// next `times` times it is asked for. Rules are tried in the order given.
    public func inject(_ fault: Fault, page: Int? = nil, times: Int = .max) {
        faults.withLock { $0.append(FaultRule(fault: fault, page: page, remaining: times)) }
    }

    public func clearFaults() { faults.withLock { $0.removeAll() } }

    public func stop() {
        stopping.withLock { $0 = true }
        http.withLock { server in
            server?.stop()
            server = nil
        }
    }

    public var requests: [LoggedRequest] { log.withLock { $0 } }

    /// How many times each page number was asked for, in either dialect
    /// (items requests aside: they are for no page).
    public func requestCounts() -> [Int: Int] {
        requests.reduce(into: [:]) { counts, request in
            guard request.biblioID == nil, !request.isCover else { return }
            counts[request.pageNo ?? 0, default: 0] += 1
        }
    }

    /// The most requests the server was answering at one moment.
    public var mostRequestsAtOnce: Int { concurrency.withLock { $0.most } }

    /// TCP connections accepted so far: fewer than requests when kept alive.
    public var connectionsAccepted: Int { http.withLock { $0?.connectionsAccepted ?? 0 } }

    public func clearLog() { log.withLock { $0.removeAll() } }

    /// Cover requests answered so far (conditional ones included).
    public var coverRequests: Int { requests.filter(\.isCover).count }

    /// The catalogue changes under the client, as a live one does.
    public func replaceRecords(_ newRecords: [SampleRecord]) {
        records.withLock { $0 = newRecords }
    }

    func respond(to request: ServerRequest) -> ServerResponse {
        concurrency.withLock { state in
            state.now += 1
            state.most = max(state.most, state.now)
        }
        defer { concurrency.withLock { $0.now -= 1 } }
        let route = SampleRoute(request)
        log.withLock { $0.append(route.logged(path: request.path)) }
        if case .cover(let kind, let id) = route {
            if options.coverLatency > .zero { Thread.sleep(forTimeInterval: options.coverLatency.seconds) }
            return cover(kind, id: id, ifNoneMatch: request.ifNoneMatch)
        }
        if options.latency > .zero { Thread.sleep(forTimeInterval: options.latency.seconds) }
        if let fault = takeFault(for: route), let response = answer(fault, to: route) {
            return response
        }
        return answer(route)
    }

    /// The first live rule for this request's page. Requests for no page
    /// (a holding's items) take only rules for every page, and only faults
    /// that mean something without a page.
    private func takeFault(for route: SampleRoute) -> Fault? {
        let page = route.faultPage
        return faults.withLock { rules in
            guard let index = rules.firstIndex(where: { rule in
                rule.remaining > 0
                    && (rule.page == nil || rule.page == page)
                    && (page != nil || !rule.fault.isAboutPaging)
            }) else {
                return nil
            }
            rules[index].remaining -= 1
            return rules[index].fault
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
