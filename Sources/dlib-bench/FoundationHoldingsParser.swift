import DLibKit
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The same holdings built with Foundation's XMLParser: what a Swift
/// programmer would reach for first, measured against dlib's SAX parser.
final class FoundationHoldingsParser: NSObject, XMLParserDelegate {
    private var holdings: [Holding] = []
    private var fields: [String: String] = [:]
    private var inItem = false
    private var text = ""

    static func parse(_ data: Data) -> Int {
        let delegate = FoundationHoldingsParser()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        _ = parser.parse()
        return delegate.holdings.count
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if name == "item" { inItem = true; fields = [:] }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inItem { text += string }
    }

    func parser(_ parser: XMLParser, foundCDATA block: Data) {
        if inItem { text += String(decoding: block, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        guard inItem else { return }
        if name == "item" {
            inItem = false
            if let id = fields["controlNo"] {
                holdings.append(Holding(
                    controlNo: id, title: fields["title"], author: fields["author"], publisher: fields["publisher"],
                    pubYear: fields["pubYear"], isbn: fields["isbn"], callNo: fields["callNo"],
                    materialType: fields["materialType"], location: fields["location"],
                    regDate: fields["regDate"], coverUrl: fields["coverUrl"]))
            }
            return
        }
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if !value.isEmpty && fields[name] == nil { fields[name] = value }
        text = ""
    }
}
