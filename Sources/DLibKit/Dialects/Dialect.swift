extension Source {
    /// The dialect this source speaks.
    var dialect: any Dialect {
        switch self {
        case .pyxis: return PyxisDialect()
        case .portal: return PortalDialect()
        }
    }
}

/// How one source asks for a page and reads the answer into a `Page`.
protocol Dialect: Sendable {
    func url(for query: PageQuery, config: ServiceConfig) -> String
    func interpret(_ response: HTTPResponse, for query: PageQuery, config: ServiceConfig) throws(CatalogueError) -> Page
}

/// What a body looks like before it is parsed, so an answer in the other
/// dialect is named instead of parsed as garbage.
enum BodyKind: Equatable {
    case xml, json, html, empty, other

    init(_ response: HTTPResponse) {
        if HTMLExcerpt.looksLikeHTML(response) { self = .html; return }
        var index = 0
        let body = response.body
        // A UTF-8 byte order mark, then white space.
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        while index < body.count, [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) { index += 1 }
        guard index < body.count else { self = .empty; return }
        switch body[index] {
        case UInt8(ascii: "<"): self = .xml
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .json
        default: self = .other
        }
    }
}
