/// The one list of a holding's fields, in the order every output uses:
/// the JSON keys, the CSV and TSV columns, the store's columns, the detail
/// view's labels, the snapshot fingerprint and the diff all walk it.
/// New fields go at the end, so older CSV snapshots still line up by name
/// (a column an old file lacks reads as empty).
extension Holding {
    public enum Field: String, CaseIterable, Sendable {
        case controlNo, title, author, publisher, pubYear, isbn, callNo, materialType, location, regDate, coverUrl
        case place, edition, issn, pages, size, availability, copies

        /// The JSON key and the store's column: the contract's name.
        public var name: String { rawValue }

        /// The CSV and TSV header: `control_no`, `pub_year`, …
        public var columnName: String {
            var out = ""
            for character in rawValue {
                if character.isUppercase { out += "_" + character.lowercased() } else { out.append(character) }
            }
            return out
        }

        /// How the detail view labels it.
        public var label: String {
            switch self {
            case .controlNo: return "Control No."
            case .title: return "Title"
            case .author: return "Author"
            case .publisher: return "Publisher"
            case .pubYear: return "Year"
            case .isbn: return "ISBN"
            case .callNo: return "Call No."
            case .materialType: return "Material"
            case .location: return "Location"
            case .regDate: return "Registered"
            case .coverUrl: return "Cover"
            case .place: return "Place"
            case .edition: return "Edition"
            case .issn: return "ISSN"
            case .pages: return "Pages"
            case .size: return "Size"
            case .availability: return "Availability"
            case .copies: return "Copies"
            }
        }

        /// The field named so in JSON, the store, or a CSV header.
        public init?(anyName: String) {
            if let field = Field(rawValue: anyName) { self = field; return }
            guard let field = Field.allCases.first(where: { $0.columnName == anyName }) else { return nil }
            self = field
        }
    }

    /// A field as text: what CSV, TSV and the store hold. Copies are a JSON
    /// array (see `CopiesText`), empty when there are none.
    public subscript(text field: Field) -> String? {
        get {
            switch field {
            case .controlNo: return controlNo
            case .title: return title
            case .author: return author
            case .publisher: return publisher
            case .pubYear: return pubYear
            case .isbn: return isbn
            case .callNo: return callNo
            case .materialType: return materialType
            case .location: return location
            case .regDate: return regDate
            case .coverUrl: return coverUrl
            case .place: return place
            case .edition: return edition
            case .issn: return issn
            case .pages: return pages
            case .size: return size
            case .availability: return availability
            case .copies: return copies.isEmpty ? nil : CopiesText.encode(copies)
            }
        }
        set {
            let value = newValue.flatMap { $0.isEmpty ? nil : $0 }
            switch field {
            case .controlNo: controlNo = value ?? controlNo
            case .title: title = value
            case .author: author = value
            case .publisher: publisher = value
            case .pubYear: pubYear = value
            case .isbn: isbn = value
            case .callNo: callNo = value
            case .materialType: materialType = value
            case .location: location = value
            case .regDate: regDate = value
            case .coverUrl: coverUrl = value
            case .place: place = value
            case .edition: edition = value
            case .issn: issn = value
            case .pages: pages = value
            case .size: size = value
            case .availability: availability = value
            case .copies: copies = value.map(CopiesText.decode) ?? []
            }
        }
    }
}
