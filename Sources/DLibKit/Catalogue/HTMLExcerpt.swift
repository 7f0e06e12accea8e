import Foundation

/// Recognises the HTML pages gateways send instead of XML (maintenance,
/// login walls) and pulls a short headline out of them for the error line.
enum HTMLExcerpt {
    static func looksLikeHTML(_ response: HTTPResponse) -> Bool {
        if let type = response.contentType?.lowercased(), type.hasPrefix("text/html") { return true }
        let head = String(decoding: response.body.prefix(512), as: UTF8.self).lowercased()
        let start = head.drop(while: { $0.isWhitespace || $0 == "\u{FEFF}" })
        return start.hasPrefix("<!doctype html") || start.hasPrefix("<html")
    }

    /// The page's `<title>`, else its first text, at most 80 characters,
    /// with controls removed.
    static func headline(of body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(64 * 1024), as: UTF8.self)
        var candidate = ""
        if let open = text.range(of: "<title", options: .caseInsensitive),
           let openEnd = text[open.upperBound...].firstIndex(of: ">"),
           let close = text[openEnd...].range(of: "</title", options: .caseInsensitive) {
            candidate = String(text[text.index(after: openEnd)..<close.lowerBound])
        }
        if candidate.trimmingUnicodeWhitespace().isEmpty {
            candidate = stripTags(text)
        }
        let cleaned = String(String.UnicodeScalarView(candidate.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        let words = cleaned.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return words.count > 80 ? String(words.prefix(79)) + "…" : words
    }

    private static func stripTags(_ html: String) -> String {
        var out = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true; out.append(" ") }
            else if character == ">" { inTag = false }
            else if !inTag { out.append(character) }
        }
        return out
    }
}
