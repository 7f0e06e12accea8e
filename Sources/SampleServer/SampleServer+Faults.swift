import Foundation

/// The answers injected faults give, in the dialect of the request.
extension SampleServer {
    /// The answer `fault` gives to `route`, or nil to answer well after it (a delay).
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
        }
    }
}

