import Foundation

/// The envelope every Pyxis answer comes in:
/// `{"success", "code", "message", "data"}`. Reading it checks, in order,
/// the HTTP status, that the body is JSON at all (not an HTML page, not the
/// portal's XML), that it decodes, and `success`.
struct PyxisAnswer<Payload: Decodable>: Decodable {
    var success: Bool?
    var code: String?
    var message: String?
    /// nil when missing, null, or not of the payload's shape.
    var data: Payload?

    private enum Keys: String, CodingKey { case success, code, message, data }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        success = try? container.decodeIfPresent(Bool.self, forKey: .success)
        code = (try? container.decodeIfPresent(LenientText.self, forKey: .code))?.value
        message = (try? container.decodeIfPresent(LenientText.self, forKey: .message))?.value
        data = try? container.decodeIfPresent(Payload.self, forKey: .data)
    }

    static func read(_ response: HTTPResponse, expecting _: Payload.Type) throws(CatalogueError) -> PyxisAnswer {
        switch BodyKind(response) {
        case .html:
            if response.status != 200 { throw .http(status: response.status, retryAfter: response.retryAfter) }
            throw .notXML(status: response.status, contentType: response.contentType,
                          excerpt: HTMLExcerpt.headline(of: response.body), expected: "JSON")
        case .xml:
            if response.status != 200 { throw .http(status: response.status, retryAfter: response.retryAfter) }
            throw .otherDialect(answered: .portal, asked: .pyxis)
        case .empty:
            if response.status != 200 { throw .http(status: response.status, retryAfter: response.retryAfter) }
            throw .emptyAnswer(status: response.status)
        case .json, .other:
            break
        }
        // JSON is UTF-8 (RFC 8259). Foundation would read a string with a bad
        // byte in it as missing, and the field would vanish without a word.
        guard String(validating: response.body, as: UTF8.self) != nil else {
            if response.status != 200 { throw .http(status: response.status, retryAfter: response.retryAfter) }
            throw .notJSON(detail: "invalid UTF-8")
        }
        let answer: PyxisAnswer
        do {
            answer = try JSONDecoder().decode(PyxisAnswer.self, from: Data(response.body))
        } catch {
            if response.status != 200 { throw .http(status: response.status, retryAfter: response.retryAfter) }
            throw .notJSON(detail: PyxisAnswer.describe(error))
        }
        // A 4xx or 5xx with a JSON body is still that status: the retry
        // policy decides on it, and the server's words come along.
        guard response.status == 200 else { throw .http(status: response.status, retryAfter: response.retryAfter) }
        if answer.success == false {
            throw .pyxisFailure(code: answer.code ?? "?", message: answer.message ?? "no message")
        }
        return answer
    }

    /// Foundation's decoding errors in a few words, without the coding path
    /// dump (which can run to thousands of characters on a deep document).
    static func describe(_ error: any Error) -> String {
        guard let decoding = error as? DecodingError else { return "unreadable" }
        switch decoding {
        case .dataCorrupted(let context):
            var text = context.debugDescription
            if let underlying = context.underlyingError as NSError?,
               let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
                text = detail
            }
            let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
            return firstLine.count > 120 ? String(firstLine.prefix(119)) + "…" : firstLine
        case .typeMismatch: return "the top level is not an object"
        default: return "unreadable"
        }
    }
}

/// `data` of a search answer: the counts and the list of holdings. Never
/// fails to decode: what is wrong with it is kept in `problem`, for a line
/// that names it ("data.list is missing").
struct PyxisPageData: Decodable {
    var totalCount: PyxisCount?
    var list: [Lenient<PyxisHolding>] = []
    var problem: String?

    private enum Keys: String, CodingKey { case totalCount, offset, max, list }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: Keys.self) else {
            problem = "data is not an object"
            return
        }
        totalCount = try? container.decodeIfPresent(PyxisCount.self, forKey: .totalCount)
        if !container.contains(.list) || ((try? container.decodeNil(forKey: .list)) ?? false) {
            problem = "data.list is missing"
        } else if let list = try? container.decode([Lenient<PyxisHolding>].self, forKey: .list) {
            self.list = list
        } else {
            problem = "data.list is not a list"
        }
    }
}

/// A count as a server sends it: an integer (whether it is plausible is
/// checked for both dialects in `CatalogueClient.interpret`), or something
/// that cannot be one (fractional, too large for any integer), kept as
/// text for the error line.
enum PyxisCount: Decodable, Equatable {
    case integer(Int)
    case unusable(String)


    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .unusable(value.description)
        } else if let text = try? container.decode(String.self), let value = Int(text.trimmingUnicodeWhitespace()) {
            self = .integer(value)
        } else {
            self = .unusable("not a number")
        }
    }
}

/// One element that may fail to decode without failing its array.
struct Lenient<Wrapped: Decodable>: Decodable {
    var value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
    }
}

/// Text where a server may send a string, a number or null: trimmed, and
/// empty or whitespace meaning missing. Numbers keep their digits, even
/// those too large for any integer type.
struct LenientText: Decodable {
    var value: String?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            let trimmed = text.trimmingUnicodeWhitespace()
            value = trimmed.isEmpty ? nil : trimmed
        } else if let integer = try? container.decode(Int64.self) {
            value = String(integer)
        } else if let number = try? container.decode(Decimal.self) {
            value = number.description
        } else {
            value = nil
        }
    }
}

extension KeyedDecodingContainer {
    /// The field as text, or nil whatever is wrong with it.
    func text(_ key: Key) -> String? {
        (try? decodeIfPresent(LenientText.self, forKey: key))?.value
    }
}
