/// The answers a well-behaved server gives, in each dialect.
extension SampleServer {
    /// The holdings of one page, with their places in the whole catalogue:
    /// a holding's Pyxis form depends on that place, not on where a search
    /// put it, so it looks the same in every answer.
    struct Selection {
        var hits: [(index: Int, record: SampleRecord)]
        var totalCount: Int
    }

    func select(_ page: PageRequest) -> Selection {
        let all = records.withLock { $0 }
        guard let term = page.term, !term.isEmpty else {
            // The whole catalogue: slice it, without touching every record
            // (at 60,000 holdings that would be the server's whole cost, and
            // the benchmarks would measure it instead of the client).
            let start = min(page.offset, all.count)
            let end = min(start + min(page.size, all.count - start), all.count)
            return Selection(hits: (start..<end).map { ($0, all[$0]) }, totalCount: all.count)
        }
        let matching = all.enumerated().filter { $0.element.matches(keyword: term) }.map { ($0.offset, $0.element) }
        let start = min(page.offset, matching.count)
        let end = min(start + min(page.size, matching.count - start), matching.count)
        return Selection(hits: Array(matching[start..<end]), totalCount: matching.count)
    }

    func answer(_ route: SampleRoute) -> ServerResponse {
        switch route {
        case .portal(let query):
            if let key = options.serviceKey, query.serviceKey != key {
                return ServerResponse(status: 200, contentType: "text/xml; charset=UTF-8", text: ResponseXML.gatewayError(
                    reasonCode: "30", authMessage: "SERVICE_KEY_IS_NOT_REGISTERED_ERROR"))
            }
            guard let page = query.page(maxRows: options.maxRows) else {
                return ServerResponse(status: 200, text: ResponseXML.apiError(code: "10", message: "INVALID_REQUEST_PARAMETER_ERROR"))
            }
            return portalPage(page)
        case .other:
            return ServerResponse(status: 200, text: ResponseXML.apiError(code: "12", message: "NO_OPENAPI_SERVICE_ERROR"))
        case .cover(let kind, let id):
            return cover(kind, id: id, ifNoneMatch: nil)
        case .pyxisSearch(let query):
            guard let page = query.page(maxRows: options.maxRows) else {
                return json(ResponseJSON.invalidParameter, status: 400)
            }
            if options.refuseEmptyTerm, page.term?.isEmpty ?? true {
                return json(ResponseJSON.keywordRequired)
            }
            return pyxisPage(page)
        case .pyxisItems(let id):
            guard let holding = pyxisRecord(id: id) else { return json(ResponseJSON.notFound, status: 404) }
            return json(ResponseJSON.items(holding.copies, asList: Self.sendsItemsAsList(id: id)))
        case .pyxisOther:
            return json(ResponseJSON.notFound, status: 404)
        }
    }

    /// The page as the portal writes it; `claimedTotal` lies about the count.
    func portalPage(_ page: PageRequest, claimedTotal: Int? = nil) -> ServerResponse {
        let selection = select(page)
        let xml = ResponseXML.page(
            selection.hits.map(\.record)[...], offset: min(page.offset, selection.totalCount), pageNo: page.pageNo,
            numOfRows: page.size, totalCount: claimedTotal ?? selection.totalCount)
        return ServerResponse(status: 200, text: xml)
    }

    /// The page as Pyxis writes it; `claimedTotal` lies about the count and
    /// `withList: false` leaves `data.list` out.
    func pyxisPage(_ page: PageRequest, claimedTotal: Int? = nil, withList: Bool = true) -> ServerResponse {
        json(pyxisPageText(page, claimedTotal: claimedTotal, withList: withList))
    }

    func pyxisPageText(_ page: PageRequest, claimedTotal: Int? = nil, withList: Bool = true,
                       retitleFirst: String? = nil) -> String {
        let selection = select(page)
        var holdings = selection.hits.map { PyxisRecord(record: $0.record, index: $0.index) }
        var message = ResponseJSON.retrievedMessage
        if let retitleFirst {
            if holdings.isEmpty { message = retitleFirst } else { holdings[0].titleStatement = retitleFirst }
        }
        return ResponseJSON.page(holdings, totalCount: claimedTotal ?? selection.totalCount, offset: page.offset,
                                 max: page.size, withList: withList, message: message)
    }

    /// The holding whose Pyxis id is `id`, as Pyxis shows it.
    func pyxisRecord(id: String) -> PyxisRecord? {
        let all = records.withLock { $0 }
        guard let index = all.firstIndex(where: { $0.pyxisID == id }) else { return nil }
        return PyxisRecord(record: all[index], index: index)
    }

    /// Odd ids get `data: {"list": [...]}`, even ones the bare array: a
    /// client meets both forms live servers use on one catalogue.
    static func sendsItemsAsList(id: String) -> Bool {
        guard let last = id.last?.wholeNumberValue else { return false }
        return last % 2 == 1
    }

    func json(_ text: String, status: Int = 200) -> ServerResponse {
        ServerResponse(status: status, contentType: ResponseJSON.contentType, text: text)
    }
}
