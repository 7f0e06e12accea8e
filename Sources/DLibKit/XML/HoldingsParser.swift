import CLibXML2
import CShims

/// Streams one response through libxml2's SAX2 push parser and builds the
/// holdings as their elements go past: no DOM, no second copy of the body.
///
/// Safe by construction: no handler for entity declarations, external
/// subsets or entity resolution is installed, and neither XML_PARSE_NOENT
/// nor XML_PARSE_DTDLOAD is set, so nothing is substituted or fetched, and
/// XML_PARSE_NONET forbids the network besides.
public final class HoldingsParser {
    private var context: xmlParserCtxtPtr?
    private var state = SAXState()

    public init() {
        dlib_libxml_silence_generic_errors()
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { context, localname, _, _, _, _, _, _, _ in
            SAXState.with(context) { $0.start(localname!) }
        }
        handler.endElementNs = { context, _, _, _ in
            SAXState.with(context) { $0.end() }
        }
        handler.characters = { context, text, length in
            SAXState.with(context) { $0.text(text!, Int(length)) }
        }
        handler.ignorableWhitespace = handler.characters
        handler.cdataBlock = handler.characters
        handler.serror = { context, error in
            guard let context, let error else { return }
            SAXState.with(context) { $0.fail(error.pointee) }
        }
        // The state lives exactly as long as this parser object.
        let userData = Unmanaged.passUnretained(state).toOpaque()
        context = xmlCreatePushParserCtxt(&handler, userData, nil, 0, nil)
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        xmlCtxtUseOptions(context, options)
    }

    deinit {
        if let context { xmlFreeParserCtxt(context) }
    }

    /// Feeds the next bytes of the body; errors surface in `finish`.
    public func feed(_ bytes: UnsafeRawBufferPointer) {
        guard let context, state.error == nil, bytes.count > 0 else { return }
        var offset = 0
        // In slices, as from the network: one huge chunk would trip
        // libxml2's lookahead limit (10 MB) that guards against runaway input.
        while offset < bytes.count, state.error == nil {
            let size = min(bytes.count - offset, 256 * 1024)
            let start = bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: CChar.self)
            let code = xmlParseChunk(context, start, Int32(size), 0)
            if code != 0 { state.failUnlessExplained("libxml2 error \(code)") }
            offset += size
        }
    }

    /// Ends the document and returns its page, or the contract error it holds.
    public func finish(defaultPageNo: Int, defaultPageSize: Int) throws(CatalogueError) -> Page {
        if let context, state.error == nil {
            let code = xmlParseChunk(context, nil, 0, 1)
            if code != 0 || context.pointee.wellFormed == 0 {
                state.failUnlessExplained(code != 0 ? "libxml2 error \(code)" : "not well-formed")
            }
        }
        return try state.result(defaultPageNo: defaultPageNo, defaultPageSize: defaultPageSize)
    }

    /// Parses one whole body.
    public static func parse(_ body: [UInt8], defaultPageNo: Int = 1, defaultPageSize: Int = 0) throws(CatalogueError) -> Page {
        let parser = HoldingsParser()
        body.withUnsafeBytes { parser.feed($0) }
        return try parser.finish(defaultPageNo: defaultPageNo, defaultPageSize: defaultPageSize)
    }
}
