/// One holding of the catalogue, with the contract's canonical field names.
/// Every field but `controlNo` may be missing; an empty value is stored as nil.
public struct Holding: Sendable, Hashable {
    public var controlNo: String
    public var title: String?
    public var author: String?
    public var publisher: String?
    public var pubYear: String?
    public var isbn: String?
    public var callNo: String?
    public var materialType: String?
    public var location: String?
    /// `YYYY-MM-DD` when the server sent a date dlib recognises, else as sent.
    public var regDate: String?
    public var coverUrl: String?

    public init(
        controlNo: String, title: String? = nil, author: String? = nil,
        publisher: String? = nil, pubYear: String? = nil, isbn: String? = nil,
        callNo: String? = nil, materialType: String? = nil, location: String? = nil,
        regDate: String? = nil, coverUrl: String? = nil
    ) {
        self.controlNo = controlNo
        self.title = title
        self.author = author
        self.publisher = publisher
        self.pubYear = pubYear
        self.isbn = isbn
        self.callNo = callNo
        self.materialType = materialType
        self.location = location
        self.regDate = regDate
        self.coverUrl = coverUrl
    }

    /// The fields in the contract's order, by canonical name: the one list
    /// that JSON, CSV and the detail view walk.
    public static let fieldNames = [
        "controlNo", "title", "author", "publisher", "pubYear", "isbn",
        "callNo", "materialType", "location", "regDate", "coverUrl",
    ]

    public var fields: [(name: String, value: String?)] {
        [
            ("controlNo", controlNo), ("title", title), ("author", author),
            ("publisher", publisher), ("pubYear", pubYear), ("isbn", isbn),
            ("callNo", callNo), ("materialType", materialType), ("location", location),
            ("regDate", regDate), ("coverUrl", coverUrl),
        ]
    }

    public var hasCover: Bool { coverUrl != nil }
}

extension Holding {
    /// From an object with the contract's names, as `JSONWriter` writes it.
    public init?(jsonObject object: [String: Any]) {
        guard let id = object["controlNo"] as? String else { return nil }
        func text(_ name: String) -> String? { object[name] as? String }
        self.init(
            controlNo: id, title: text("title"), author: text("author"), publisher: text("publisher"),
            pubYear: text("pubYear"), isbn: text("isbn"), callNo: text("callNo"),
            materialType: text("materialType"), location: text("location"),
            regDate: text("regDate"), coverUrl: text("coverUrl"))
    }
}
