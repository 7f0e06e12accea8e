/// One holding as the sample server's Pyxis dialect shows it.
///
/// Everything Pyxis has and the portal record has not (ids, the
/// publication string, copies, thumbnails, etcContent…) is derived from the
/// catalogue record and its index in the catalogue alone, so both dialects
/// serve the same holdings, the catalogue file stays as it is, and a test
/// can build the same value to know what a client should show. The
/// variations cycle by index so every page of 20 meets most of them: the
/// irregular forms shared/api-contract.md lists are the normal case here.
public struct PyxisRecord: Sendable, Equatable {
    /// One copy: an entry of `branchVolumes`, and of the items answer.
    public struct Copy: Sendable, Equatable {
        public var id: Int
        public var barcode: String
        /// The branch or room, and its number in `PyxisRecord.branches`.
        public var location: String
        public var locationID: Int
        public var callNo: String?
        /// In the library's words (`대출가능`) and as its code (`READY`).
        public var state: String
        public var stateCode: String
        /// `YYYY-MM-DD` while on loan, else nil.
        public var dueDate: String?

        public var isAvailable: Bool { stateCode == "READY" }
    }

    /// An entry of `similars`: sent because live servers send it; clients ignore it.
    public struct Similar: Sendable, Equatable {
        public var id: Int
        public var titleStatement: String
        public var publication: String
    }

    /// Branches copies are spread over; the generator's locations.
    public static let branches = ["세종 본관 2층 자료실", "세종 본관 3층 보존서고", "서울 분관 자료실", "전자자료실"]
    static let places = ["서울", "세종", "파주", "인천", "Cham", "London"]

    public var record: SampleRecord
    /// The record's position in the whole catalogue (not in a search's hits).
    public var index: Int

    /// The id as text; sent as a JSON number unless `idIsString`.
    public var id: String
    public var idIsString: Bool
    public var titleStatement: String?
    public var author: String?
    public var isbn: String?
    public var issn: String?
    /// Sent only when not nil (a newer server's field).
    public var edition: String?
    /// `place : publisher, year` with irregular spacing, a bare year, or nil.
    public var publication: String?
    /// Sent, with `publishYear`, only by "newer servers" (`sendsPublisherFields`);
    /// then they hold the record's values and win over `publication`.
    public var publisher: String?
    public var publishYear: String?
    public var sendsPublisherFields: Bool
    public var materialType: String?
    public var materialTypeCode: String
    /// False: only `biblioType.materialType.name` carries the type.
    public var sendsTypeName: Bool
    /// As sent: absolute, relative to the server's origin, nil, "" or blank.
    public var thumbnailUrl: String?
    public var copies: [Copy]
    /// False: the `branchVolumes` key is left out (`copies` is then empty).
    public var sendsBranchVolumes: Bool
    /// As sent: a JSON object serialised into a string, or nil, "" or broken.
    public var etcContent: String?
    /// What a valid `etcContent` holds (nil when it is not valid).
    public var pages: String?
    public var height: String?
    public var dateReceived: String?
    public var similars: [Similar]

    public init(record: SampleRecord, index: Int) {
        self.record = record
        self.index = index
        let value = { (name: String) -> String? in
            guard let text = record[name], !text.allSatisfy(\.isWhitespace) else { return nil }
            return text
        }
        id = record.pyxisID
        idIsString = index % 23 == 5
        titleStatement = value("title")
        author = value("author")
        isbn = value("isbn").map { index % 29 == 3 ? Self.twoISBNs($0) : $0 }
        issn = value("materialType") == "연속간행물" ? "1229-\(1000 + (index * 7919) % 9000)" : nil
        edition = [2: "개정판", 6: "2nd ed."][index % 8]

        let newer = index % 6 == 0
        sendsPublisherFields = newer
        publisher = newer ? value("publisher") : nil
        publishYear = newer ? value("pubYear") : nil
        // On the newer servers' records the string's publisher and year are
        // bracketed (cataloguer-supplied), so a test sees which one won.
        let bracket = { (text: String?) in newer ? text.map { "[\($0)]" } : text }
        publication = Self.publication(
            form: (index + index / 6) % 6, place: Self.places[(index / 2) % Self.places.count],
            publisher: bracket(value("publisher")), year: bracket(value("pubYear")))

        materialType = value("materialType")
        materialTypeCode = Self.typeCodes[materialType ?? ""] ?? "BK"
        sendsTypeName = index % 10 != 7

        if let cover = value("coverUrl") {
            thumbnailUrl = index % 2 == 0 ? cover : "/attachments/biblio/thumbnails/\(record.controlNo)"
        } else {
            thumbnailUrl = [nil, "", "   "][index % 3]
        }

        // 1, 2, 0, 1, 3, 1, 0, 2, 1, 1: every 10 in a row (so every page of
        // 20) has holdings with no copy, one, and several; of the two
        // without, one sends [] and one leaves the key out.
        let copyCount = [1, 2, 0, 1, 3, 1, 0, 2, 1, 1][index % 10]
        sendsBranchVolumes = index % 10 != 6
        copies = (0..<copyCount).map { Self.copy($0, index: index, location: value("location"), callNo: value("callNo")) }

        let etcForm = index % 7
        if etcForm <= 3 {
            let pages = "\(120 + (index * 37) % 400) p."
            let height = "\(18 + index % 12) cm"
            var members: [(String, JSONText)] = [("PAGE", .string(pages)), ("HEIGHT", .string(height))]
            if etcForm % 2 == 0, let author = value("author") { members.append(("PERSONAL_NAME", .string(author))) }
            etcContent = JSONText.object(members).rendered
            self.pages = pages
            self.height = height
        } else {
            etcContent = [4: nil, 5: "", 6: "{PAGE: 3"][etcForm] ?? nil
        }

        dateReceived = value("regDate").flatMap(Self.isoDate)
        similars = (0..<(index % 3)).map { number in
            Similar(id: 4_000_000 + index * 3 + number,
                    titleStatement: "\(value("title") ?? "자료") 관련 자료 \(number + 1)",
                    publication: "서울 :한빛미디어,\(2015 + number)")
        }
    }

    /// The cover a client should show: absolute as is, relative against the
    /// server's origin (`http://127.0.0.1:P`), blank as none.
    public func coverURL(origin: String) -> String? {
        guard let url = thumbnailUrl, !url.allSatisfy(\.isWhitespace) else { return nil }
        return url.hasPrefix("/") ? origin + url : url
    }

    static let typeCodes = ["단행본": "BK", "보고서": "BK", "연속간행물": "SE", "학위논문": "TH", "비도서": "NB", "전자책": "EB"]

    /// "9791100000001 (세트); 9791100000002": a set's ISBN, then a volume's.
    static func twoISBNs(_ isbn: String) -> String {
        let next = Int(isbn).map { String($0 + 1) } ?? isbn
        return "\(isbn) (세트); \(next)"
    }

    /// The contract's publication forms, by `form` 0...5.
    static func publication(form: Int, place: String, publisher: String?, year: String?) -> String? {
        let name = publisher ?? "[s.n.]"
        let tail = { (separator: String) in year.map { separator + $0 } ?? "" }
        switch form {
        case 0: return "\(place) : \(name)\(tail(", "))"
        case 1: return "\(place) :\(name)\(tail(","))"
        case 2: return "\(place)  :  \(name) \(tail(",  ")) "
        case 3: return "[S.l.] : [s.n.]\(tail(", "))"
        case 4: return year
        default: return nil
        }
    }

    /// Copy `number` of holding `index`: the first where the record says it
    /// is, the others in other branches, each with its own state.
    static func copy(_ number: Int, index: Int, location: String?, callNo: String?) -> Copy {
        let first = location ?? branches[0]
        let others = branches.filter { $0 != first }
        let name = number == 0 ? first : others[(index + number - 1) % others.count]
        let id = index * 10 + number + 1
        let digits = String(id)
        let (state, code): (String, String) = switch (index * 3 + number) % 7 {
        case 0...3: ("대출가능", "READY")
        case 4, 5: ("대출중", "LOAN")
        default: ("정리중", "PROCESSING")
        }
        return Copy(
            id: id, barcode: "EM" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits,
            location: name, locationID: (branches.firstIndex(of: name) ?? 98) + 1,
            callNo: callNo.map { number == 0 ? $0 : "\($0) =\(number + 1)" },
            state: state, stateCode: code, dueDate: code == "LOAN" ? "2026-12-01" : nil)
    }

    /// `YYYYMMDD` or `YYYY-MM-DD` as `YYYY-MM-DD`; anything else as nothing.
    static func isoDate(_ text: String) -> String? {
        let characters = Array(text)
        if characters.count == 8, characters.allSatisfy(\.isASCII), characters.allSatisfy(\.isNumber) {
            return "\(String(characters[0..<4]))-\(String(characters[4..<6]))-\(String(characters[6..<8]))"
        }
        if characters.count == 10, characters[4] == "-", characters[7] == "-" { return text }
        return nil
    }
}
