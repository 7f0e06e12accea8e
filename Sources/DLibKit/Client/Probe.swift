/// One request made to see how far it gets, for `dlib doctor`: the raw
/// answer (or the transport failure) beside what dlib made of it.
public struct Probe: Sendable {
    /// The request URL, the key still in it: redact before showing.
    public var url: String
    public var response: HTTPResponse?
    public var transportError: TransportError?
    /// What the body looked like: `JSON`, `XML`, `HTML`, `empty` or `other`.
    public var bodyKind: String?
    /// The page, or why the answer could not be read as one.
    public var page: Result<Page, CatalogueError>?
}

extension CatalogueClient {
    /// The first page at `pageSize`, asked for once, without retries.
    public func probe(pageSize: Int = 1) async -> Probe {
        let query = PageQuery(pageNo: 1, pageSize: pageSize)
        var probe = Probe(url: query.url(for: config))
        do {
            let response = try await http.get(HTTPRequest(url: probe.url, timeout: timeout))
            probe.response = response
            switch BodyKind(response) {
            case .json: probe.bodyKind = "JSON"
            case .xml: probe.bodyKind = "XML"
            case .html: probe.bodyKind = "HTML"
            case .empty: probe.bodyKind = "empty"
            case .other: probe.bodyKind = "other"
            }
            do throws(CatalogueError) {
                probe.page = .success(try interpret(response, for: query))
            } catch {
                probe.page = .failure(error)
            }
        } catch let error as TransportError {
            probe.transportError = error
        } catch {
            probe.page = .failure(.transport(TransportError(kind: .other, hostAndPort: URLParts.hostAndPort(of: probe.url),
                                                            detail: "\(error)", timeout: timeout)))
        }
        return probe
    }
}
