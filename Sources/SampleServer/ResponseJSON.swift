/// The Pyxis dialect's answers (shared/api-contract.md, "The Pyxis source"):
/// one envelope, `success` / `code` / `message` / `data`, around a page of
/// holdings, the copies of one holding, or nothing on failure.
enum ResponseJSON {
    static let contentType = "application/json;charset=UTF-8"
    static let retrievedCode = "success.retrieved"
    static let retrievedMessage = "조회되었습니다."

    static func envelope(success: Bool = true, code: String = retrievedCode, message: String = retrievedMessage,
                         data: JSONText) -> String {
        JSONText.object([
            ("success", .bool(success)), ("code", .string(code)), ("message", .string(message)), ("data", data),
        ]).rendered
    }

    /// A search answer; without `list` when `withList` is false (a server
    /// that changed its shape), claiming `totalCount` whatever it holds.
    static func page(_ records: [PyxisRecord], totalCount: Int, offset: Int, max: Int,
                     withList: Bool = true, message: String = retrievedMessage) -> String {
        var data: [(String, JSONText)] = [
            ("isFuzzy", .bool(false)), ("totalCount", .int(totalCount)), ("offset", .int(offset)), ("max", .int(max)),
        ]
        if withList { data.append(("list", .array(records.map(\.jsonText)))) }
        return envelope(message: message, data: .object(data))
    }

    /// The copies of one holding: live servers send `data` as the array
    /// itself or as `{"list": [...]}`, so the sample sends both.
    static func items(_ copies: [PyxisRecord.Copy], asList: Bool, message: String = retrievedMessage) -> String {
        let array = JSONText.array(copies.map(\.itemJSON))
        return envelope(message: message, data: asList ? .object([("list", array)]) : array)
    }

    static func failure(code: String, message: String) -> String {
        envelope(success: false, code: code, message: message, data: .null)
    }

    static let invalidParameter = failure(code: "error.invalid.parameter", message: "잘못된 요청 파라미터입니다.")
    static let keywordRequired = failure(code: "error.search.keyword.required", message: "검색어를 입력하세요.")
    static let notFound = failure(code: "error.not.found", message: "요청한 자료를 찾을 수 없습니다.")

    /// Not JSON: bare keys, single quotes and a trailing comma, as a
    /// hand-rolled serialiser on a proxy might write.
    static let malformed = """
        {"success":true,"code":"success.retrieved","message":"조회되었습니다.","data":{"isFuzzy":false,\
        "totalCount":1,"offset":0,"max":20,"list":[{id: 1, 'titleStatement': 'broken',}]}}

        """

    /// A valid document whose `data.list` is arrays `depth` deep: a parser
    /// that recurses without a limit overflows its stack on it.
    static func deepNesting(depth: Int) -> String {
        envelope(data: .object([
            ("isFuzzy", .bool(false)), ("totalCount", .int(1)), ("offset", .int(0)), ("max", .int(20)),
            ("list", .raw(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))),
        ]))
    }
}
