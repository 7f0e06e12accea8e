import Foundation
import Synchronization

/// The sample catalogue served per shared/api-contract.md on 127.0.0.1:
/// paging, `numOfRows` capped, `keyword`, a service-key check when started
/// with a key, and a log of every request for tests to read.
public final class SampleServer: Sendable {
    public struct Options: Sendable {
        /// When set, requests without exactly this key get the gateway's
        /// SERVICE_KEY_IS_NOT_REGISTERED_ERROR envelope.
        public var serviceKey: String?
        /// Added before every answer, as a far-away server would.
        public var latency: Duration
        public var maxRows: Int

        public init(serviceKey: String? = nil, latency: Duration = .zero, maxRows: Int = 100) {
            self.serviceKey = serviceKey
            self.latency = latency
            self.maxRows = maxRows
        }
    }

    /// One request as the server saw it.
    public struct LoggedRequest: Sendable, Equatable {
        public var path: String
        public var pageNo: Int?
        public var numOfRows: Int?
        public var keyword: String?
    }

    public static let path = "/holdings"

    private let options: Options
    private let records: Mutex<[SampleRecord]>
    private let log = Mutex<[LoggedRequest]>([])
    private let concurrency = Mutex((now: 0, most: 0))
    private let faults = Mutex<[FaultRule]>([])
    private let stopping = Mutex(false)
    private let http = Mutex<LoopbackHTTPServer?>(nil)

    public init(records: [SampleRecord], options: Options = Options()) {
        self.records = Mutex(records)
        self.options = options
    }

    /// Starts listening and returns the endpoint URL to give dlib.
    public func start(port: UInt16 = 0) throws -> String {
        let server = LoopbackHTTPServer { [self] request in respond(to: request) }
        let bound = try server.start(port: port)
        http.withLock { $0 = server }
        return "http://127.0.0.1:\(bound)\(Self.path)"
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

    /// How many times each page number was asked for.
    public func requestCounts() -> [Int: Int] {
        requests.reduce(into: [:]) { counts, request in counts[request.pageNo ?? 0, default: 0] += 1 }
    }

    /// The most requests the server was answering at one moment.
    public var mostRequestsAtOnce: Int { concurrency.withLock { $0.most } }

    /// TCP connections accepted so far: fewer than requests when kept alive.
    public var connectionsAccepted: Int { http.withLock { $0?.connectionsAccepted ?? 0 } }

    public func clearLog() { log.withLock { $0.removeAll() } }

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
        let pageNo = request.query["pageNo"].map { Int($0) }
        let numOfRows = request.query["numOfRows"].map { Int($0) }
        let keyword = request.query["keyword"].flatMap { $0.isEmpty ? nil : $0 }
        log.withLock {
            $0.append(LoggedRequest(path: request.path, pageNo: pageNo ?? 1, numOfRows: numOfRows ?? nil, keyword: keyword))
        }
        if options.latency > .zero { Thread.sleep(forTimeInterval: options.latency.seconds) }
        if let fault = takeFault(page: (pageNo ?? 1) ?? 0), let response = apply(fault) {
            return response
        }

        guard request.method == "GET", request.path == Self.path else {
            return ServerResponse(status: 200, text: ResponseXML.apiError(code: "12", message: "NO_OPENAPI_SERVICE_ERROR"))
        }
        if let key = options.serviceKey, request.query["serviceKey"] != key {
            return ServerResponse(status: 200, contentType: "text/xml; charset=UTF-8", text: ResponseXML.gatewayError(
                reasonCode: "30", authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"))
        }
        guard let page = pageNo ?? 1, let requestedRows = numOfRows ?? 10, page >= 1, requestedRows >= 1 else {
            return ServerResponse(status: 200, text: ResponseXML.apiError(code: "10", message: "INVALID_REQUEST_PARAMETER_ERROR"))
        }
        let rows = min(requestedRows, options.maxRows)
        let all = records.withLock { $0 }
        let matching = keyword.map { keyword in all.filter { $0.matches(keyword: keyword) } } ?? all
        let start = min((page - 1) * rows, matching.count)
        let end = min(start + rows, matching.count)
        let xml = ResponseXML.page(matching[start..<end], offset: start, pageNo: page, numOfRows: rows, totalCount: matching.count)
        return ServerResponse(status: 200, text: xml)
    }

    private func takeFault(page: Int) -> Fault? {
        faults.withLock { rules in
            guard let index = rules.firstIndex(where: { $0.remaining > 0 && ($0.page == nil || $0.page == page) }) else {
                return nil
            }
            rules[index].remaining -= 1
            return rules[index].fault
        }
    }

    /// The answer a fault gives, or nil to answer well after it (a delay).
    private func apply(_ fault: Fault) -> ServerResponse? {
        switch fault {
        case .status(let status, let retryAfter):
            return ServerResponse(
                status: status, contentType: "text/plain; charset=UTF-8",
                headers: retryAfter.map { [("Retry-After", $0)] } ?? [], body: Array("error \(status)\n".utf8))
        case .html(let message):
            return ServerResponse(status: 200, contentType: "text/html; charset=UTF-8", text: ResponseXML.html(message))
        case .truncated:
            let body = Array(ResponseXML.page(records.withLock { $0.prefix(20) }, offset: 0, pageNo: 1, numOfRows: 20, totalCount: 20).utf8)
            return ServerResponse(status: 200, body: body, delivery: .truncated(afterBytes: body.count / 2))
        case .malformed:
            return ServerResponse(status: 200, text: ResponseXML.malformed)
        case .gateway(let code, let message):
            return ServerResponse(status: 200, text: ResponseXML.gatewayError(reasonCode: code, authMessage: message))
        case .api(let code, let message):
            return ServerResponse(status: 200, text: ResponseXML.apiError(code: code, message: message))
        case .delay(let duration):
            Thread.sleep(forTimeInterval: duration.seconds)
            return nil
        case .hang:
            while !stopping.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.05) }
            return ServerResponse(status: 503, text: "")
        case .billionLaughs:
            return ServerResponse(status: 200, text: ResponseXML.billionLaughs)
        }
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
