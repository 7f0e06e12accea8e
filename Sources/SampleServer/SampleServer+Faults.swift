import Foundation

/// The answers injected faults give, in the dialect of the request.
extension SampleServer {
    /// How deep `.deepNesting` nests: far past any sane parser's limit.
    static let nestingDepth = 100_000

    /// The answer `fault` gives to `route`, or nil to answer well after it
    /// (a delay, or a paging fault on a request that asks for no page).
    func answer(_ fault: Fault, to route: SampleRoute) -> ServerResponse? {
        let pyxis = route.dialect == .pyxis
        // The page asked for; faults that need one fall back to the first.
        let page = route.page(maxRows: options.maxRows) ?? .first
        switch fault {
        case .status(let status, let retryAfter):
            return ServerResponse(
                status: status, contentType: "text/plain; charset=UTF-8",
                headers: retryAfter.map { [("Retry-After", $0)] } ?? [], body: Array("error \(status)\n".utf8))
        case .html(let message):
            return ServerResponse(status: 200, contentType: "text/html; charset=UTF-8", text: ResponseXML.html(message))
        case .truncated:
            let body = pyxis
                ? Array(pyxisPageText(page).utf8)
                : Array(ResponseXML.page(records.withLock { $0.prefix(20) }, offset: 0, pageNo: 1, numOfRows: 20, totalCount: 20).utf8)
            return ServerResponse(status: 200, contentType: pyxis ? ResponseJSON.contentType : "application/xml; charset=UTF-8",
                                  body: body, delivery: .truncated(afterBytes: body.count / 2))
        case .malformed:
            return pyxis ? json(ResponseJSON.malformed) : ServerResponse(status: 200, text: ResponseXML.malformed)
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
        case .pyxisFailure(let code, let message):
            return json(ResponseJSON.failure(code: code, message: message))
        case .wrongShape:
            return wrongShape(route, page: page)
        case .totalCount(let claimed):
            guard route.faultPage != nil else { return nil }
            return pyxis ? pyxisPage(page, claimedTotal: claimed) : portalPage(page, claimedTotal: claimed)
        case .ignoreOffset:
            guard route.faultPage != nil else { return nil }
            let first = PageRequest(term: page.term, offset: 0, size: page.size)
            return pyxis ? pyxisPage(first) : portalPage(first)
        case .otherDialect:
            guard route.faultPage != nil else { return nil }
            return pyxis ? portalPage(page) : pyxisPage(page)
        case .deepNesting:
            return pyxis
                ? json(ResponseJSON.deepNesting(depth: Self.nestingDepth))
                : ServerResponse(status: 200, text: ResponseXML.deepNesting(depth: Self.nestingDepth))
        case .invalidUTF8:
            return invalidUTF8(route, page: page)
        case .redirect(let location):
            return ServerResponse(status: 302, contentType: "text/plain; charset=UTF-8",
                                  headers: [("Location", location)], body: Array("see \(location)\n".utf8))
        case .emptyBody:
            return ServerResponse(status: 200, body: [])
        }
    }

    private func wrongShape(_ route: SampleRoute, page: PageRequest) -> ServerResponse {
        switch route {
        case .pyxisSearch: return pyxisPage(page, withList: false)
        case .pyxisItems, .pyxisOther: return json(ResponseJSON.envelope(data: .object([])))
        case .portal, .other, .cover: return ServerResponse(status: 200, text: ResponseXML.headerOnly)
        }
    }

    /// The normal answer with `InvalidBytes.marker` where a title (or the
    /// message) goes, then the marker swapped for bytes that are not UTF-8.
    private func invalidUTF8(_ route: SampleRoute, page: PageRequest) -> ServerResponse {
        switch route {
        case .pyxisSearch:
            let text = pyxisPageText(page, retitleFirst: InvalidBytes.marker)
            return ServerResponse(status: 200, contentType: ResponseJSON.contentType, body: InvalidBytes.substituted(in: text))
        case .pyxisItems(let id):
            let copies = pyxisRecord(id: id)?.copies ?? []
            let text = ResponseJSON.items(copies, asList: Self.sendsItemsAsList(id: id), message: InvalidBytes.marker)
            return ServerResponse(status: 200, contentType: ResponseJSON.contentType, body: InvalidBytes.substituted(in: text))
        case .pyxisOther:
            let text = ResponseJSON.failure(code: "error.not.found", message: InvalidBytes.marker)
            return ServerResponse(status: 200, contentType: ResponseJSON.contentType, body: InvalidBytes.substituted(in: text))
        case .portal, .other, .cover:
            // An empty page has no title to break: the first page then.
            var selection = select(page)
            var shown = page
            if selection.hits.isEmpty {
                shown = PageRequest(term: nil, offset: 0, size: page.size)
                selection = select(shown)
            }
            var records = selection.hits.map(\.record)
            if !records.isEmpty { records[0].fields["title"] = InvalidBytes.marker }
            let xml = ResponseXML.page(
                records[...], offset: min(shown.offset, selection.totalCount), pageNo: shown.pageNo,
                numOfRows: shown.size, totalCount: selection.totalCount)
            return ServerResponse(status: 200, body: InvalidBytes.substituted(in: xml))
        }
    }
}

/// Bytes no UTF-8 decoder accepts, put where a marker was written: a
/// String cannot hold them, so they are swapped in after rendering.
enum InvalidBytes {
    static let marker = "@@INVALID-UTF8@@"

    /// "깨진 제목 " then a lead byte before ASCII, 0xFF 0xFE, an encoded
    /// surrogate and a sequence cut short, then " 끝".
    static let bytes: [UInt8] = Array("깨진 제목 ".utf8) + [0xC3, 0x28, 0xFF, 0xFE, 0xED, 0xA0, 0x80, 0xE2, 0x82]
        + Array(" 끝".utf8)

    static func substituted(in text: String) -> [UInt8] {
        let body = Array(text.utf8)
        let needle = Array(marker.utf8)
        guard body.count >= needle.count,
              let start = (0...(body.count - needle.count)).first(where: { body[$0..<($0 + needle.count)].elementsEqual(needle) })
        else { return body }
        return Array(body[..<start]) + bytes + Array(body[(start + needle.count)...])
    }
}
