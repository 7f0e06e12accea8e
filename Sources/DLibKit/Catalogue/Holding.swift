/// One holding of the catalogue, from either source, with the contract's
/// canonical field names. Every field but `controlNo` may be missing; an
/// empty value is stored as nil. `Holding.Field` is the one list of these
/// fields that every printer, writer and store walks.
public struct Holding: Sendable, Hashable {
    /// The holding's unique id: the portal's control number, Pyxis's `id`.
    public var controlNo: String
    public var title: String?
    public var author: String?
    public var publisher: String?
    public var pubYear: String?
    public var isbn: String?
    /// The first copy's call number (the portal sends one; Pyxis one per copy).
    public var callNo: String?
    public var materialType: String?
    /// The first copy's location.
    public var location: String?
    /// `YYYY-MM-DD` when the server sent a date dlib recognises, else as sent.
    public var regDate: String?
    public var coverUrl: String?
    /// Where it was published, from `place : publisher, year`.
    public var place: String?
    public var edition: String?
    public var issn: String?
    /// Extent and size, as catalogued (`396 p.`, `24 cm`).
    public var pages: String?
    public var size: String?
    /// The first copy's availability in the library's own words (대출가능, 대출중).
    public var availability: String?
    /// Every copy, where the source lists them (Pyxis); empty otherwise.
    public var copies: [Copy]

    public init(
        controlNo: String, title: String? = nil, author: String? = nil,
        publisher: String? = nil, pubYear: String? = nil, isbn: String? = nil,
        callNo: String? = nil, materialType: String? = nil, location: String? = nil,
        regDate: String? = nil, coverUrl: String? = nil, place: String? = nil,
        edition: String? = nil, issn: String? = nil, pages: String? = nil, size: String? = nil,
        availability: String? = nil, copies: [Copy] = []
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
        self.place = place
        self.edition = edition
        self.issn = issn
        self.pages = pages
        self.size = size
        self.availability = availability
        self.copies = copies
    }

    public var hasCover: Bool { coverUrl != nil }

    /// An empty holding with only its id, for filling field by field.
    public init(controlNo: String, text: (Field) -> String?) {
        self.init(controlNo: controlNo)
        for field in Field.allCases where field != .controlNo {
            self[text: field] = text(field)
        }
    }
}

/// One copy of a holding on a shelf: where it is, its call number and
/// whether it can be borrowed.
public struct Copy: Sendable, Hashable {
    public var location: String?
    public var callNo: String?
    /// In the library's own words: 대출가능, 대출중, 정리중…
    public var availability: String?
    /// The library's code for it: `READY` (available), `LOAN`, others.
    public var stateCode: String?
    /// `YYYY-MM-DD` while on loan, when the library says.
    public var dueDate: String?
    public var barcode: String?

    public init(location: String? = nil, callNo: String? = nil, availability: String? = nil,
                stateCode: String? = nil, dueDate: String? = nil, barcode: String? = nil) {
        self.location = location
        self.callNo = callNo
        self.availability = availability
        self.stateCode = stateCode
        self.dueDate = dueDate
        self.barcode = barcode
    }
}
