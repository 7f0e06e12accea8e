import CLibXML2

/// What the SAX callbacks build: the page so far, and where in the
/// document the parser stands.
final class SAXState {
    // Touched by every callback, on one thread only (the parser's): the
    // runtime's exclusivity checks would cost more than the work itself.
    private var root = DocumentRoot.unknown
    private var rootName = ""
    @exclusivity(unchecked) private var depth = 0
    @exclusivity(unchecked) private var itemDepth: Int?
    @exclusivity(unchecked) private var item = ItemBuilder()
    @exclusivity(unchecked) private var capture: (element: ResponseElement, depth: Int)?
    @exclusivity(unchecked) private var buffer: [UInt8] = []
    private var envelope = [String?](repeating: nil, count: ResponseElement.count)

    @exclusivity(unchecked) private(set) var holdings: [Holding] = []
    private(set) var itemsWithoutId = 0
    private(set) var error: String?

    /// The state behind libxml2's user data, without a retain and release
    /// per callback: the parser object owns it for the whole parse.
    static func with(_ pointer: UnsafeMutableRawPointer?, _ body: (SAXState) -> Void) {
        Unmanaged<SAXState>.fromOpaque(pointer!)._withUnsafeGuaranteedRef(body)
    }

    func start(_ localname: UnsafePointer<xmlChar>) {
        depth += 1
        if depth == 1 {
            root = DocumentRoot(localname)
            if root == .unknown { rootName = String(cString: localname) }
            return
        }
        guard capture == nil, let element = ResponseElement.match(localname) else { return }
        if let itemDepth {
            if depth == itemDepth + 1, element.isItemField { begin(element) }
        } else if element == .item {
            itemDepth = depth
            item.reset()
        } else if !element.isItemField {
            begin(element)
        }
    }

    private func begin(_ element: ResponseElement) {
        capture = (element, depth)
        buffer.removeAll(keepingCapacity: true)
    }

    func end() {
        defer { depth -= 1 }
        if let current = capture, current.depth == depth {
            let value = FieldText.value(buffer[...])
            if itemDepth != nil {
                item.set(current.element, value)
            } else if envelope[current.element.rawValue] == nil {
                envelope[current.element.rawValue] = value
            }
            capture = nil
        } else if depth == itemDepth {
            if let holding = item.build() { holdings.append(holding) } else { itemsWithoutId += 1 }
            itemDepth = nil
        }
    }

    func text(_ bytes: UnsafePointer<xmlChar>, _ count: Int) {
        guard capture != nil else { return }
        buffer.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
    }

    func fail(_ error: xmlError) {
        guard error.level == XML_ERR_ERROR || error.level == XML_ERR_FATAL, self.error == nil else { return }
        var message = error.message.map { String(cString: $0) } ?? "parse error"
        message = message.trimmingUnicodeWhitespace()
        self.error = error.line > 0 ? "\(message) at line \(error.line)" : message
    }

    /// A failure libxml2 signalled without a structured error.
    func failUnlessExplained(_ fallback: String) {
        if error == nil { error = fallback }
    }

    private func value(_ element: ResponseElement) -> String? { envelope[element.rawValue] }

    func result(defaultPageNo: Int, defaultPageSize: Int) throws(CatalogueError) -> Page {
        if let error { throw .malformed(detail: error) }
        switch root {
        case .unknown:
            throw .malformed(detail: rootName.isEmpty ? "empty document" : "unexpected root element <\(rootName)>")
        case .gateway:
            throw .gateway(
                reasonCode: value(.returnReasonCode) ?? "?",
                authMessage: value(.returnAuthMsg), errorMessage: value(.errMsg))
        case .response:
            guard let code = value(.resultCode) else { throw .malformed(detail: "no resultCode in the header") }
            guard code == "00" || code == "03" else {
                throw .api(code: code, message: value(.resultMsg) ?? "no message")
            }
            return Page(
                holdings: holdings,
                pageNo: value(.pageNo).flatMap { Int($0) } ?? defaultPageNo,
                pageSize: value(.numOfRows).flatMap { Int($0) } ?? defaultPageSize,
                totalCount: value(.totalCount).flatMap { Int($0) },
                itemsWithoutId: itemsWithoutId)
        }
    }
}

/// Which of the contract's two envelopes the document is.
private enum DocumentRoot {
    case unknown, response, gateway

    init(_ localname: UnsafePointer<xmlChar>) {
        switch String(cString: localname) {
        case "response": self = .response
        case "OpenAPI_ServiceResponse": self = .gateway
        default: self = .unknown
        }
    }
}
