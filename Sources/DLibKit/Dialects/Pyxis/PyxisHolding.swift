import Foundation

/// One element of a Pyxis search's `data.list`, as public clients read it.
/// Every field is optional and read leniently: a field of the wrong type
/// is missing, not a failed page; unknown keys (`similars`, …) are ignored.
struct PyxisHolding: Decodable {
    var id: String?
    var titleStatement: String?
    var author: String?
    var publication: String?
    var publisher: String?
    var publishYear: String?
    var edition: String?
    var isbn: String?
    var issn: String?
    var thumbnailUrl: String?
    var dateReceived: String?
    var etcContent: String?
    var materialType: String?
    var branchVolumes: [BranchVolume] = []

    /// One branch or room holding copies.
    struct BranchVolume: Decodable {
        var name: String?
        var volume: String?
        var cState: String?
        var cStateCode: String?

        private enum Keys: String, CodingKey { case name, volume, cState, cStateCode }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            name = container.text(.name)
            volume = container.text(.volume)
            cState = container.text(.cState)
            cStateCode = container.text(.cStateCode)
        }
    }

    private enum Keys: String, CodingKey {
        case id, titleStatement, author, publication, publisher, publishYear, edition, isbn, issn
        case thumbnailUrl, dateReceived, etcContent, biblioType, branchVolumes
    }

    private enum BiblioTypeKeys: String, CodingKey { case name, materialType }
    private enum NameKeys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        id = container.text(.id)
        titleStatement = container.text(.titleStatement)
        author = container.text(.author)
        publication = container.text(.publication)
        publisher = container.text(.publisher)
        publishYear = container.text(.publishYear)
        edition = container.text(.edition)
        isbn = container.text(.isbn)
        issn = container.text(.issn)
        thumbnailUrl = container.text(.thumbnailUrl)
        dateReceived = container.text(.dateReceived)
        etcContent = container.text(.etcContent)
        if let biblioType = try? container.nestedContainer(keyedBy: BiblioTypeKeys.self, forKey: .biblioType) {
            let nested = try? biblioType.nestedContainer(keyedBy: NameKeys.self, forKey: .materialType)
            materialType = biblioType.text(.name) ?? nested?.text(.name)
        }
        let volumes = try? container.decodeIfPresent([Lenient<BranchVolume>].self, forKey: .branchVolumes)
        branchVolumes = volumes?.compactMap(\.value) ?? []
    }
}

/// From Pyxis's fields to dlib's one `Holding`.
enum PyxisMapping {
    static func holding(_ item: PyxisHolding, origin: String) -> Holding? {
        guard let id = item.id else { return nil }
        let publication = item.publication.map(Publication.init)
        let details = EtcContent(item.etcContent)
        let copies = item.branchVolumes.map {
            Copy(location: $0.name, callNo: $0.volume, availability: $0.cState, stateCode: $0.cStateCode)
        }
        return Holding(
            controlNo: id,
            title: item.titleStatement,
            author: item.author,
            publisher: item.publisher ?? publication?.publisher,
            pubYear: item.publishYear ?? publication?.year,
            isbn: item.isbn,
            callNo: copies.first?.callNo,
            materialType: item.materialType,
            location: copies.first?.location,
            regDate: item.dateReceived.map(RegistrationDate.normalise),
            coverUrl: PyxisEndpoint.resolve(item.thumbnailUrl, origin: origin),
            place: publication?.place,
            edition: item.edition,
            issn: item.issn,
            pages: details.pages,
            size: details.size,
            availability: copies.first?.availability,
            copies: copies)
    }
}

/// `etcContent`: a JSON object written into a string (`{"PAGE":"396 p.",
/// "HEIGHT":"24 cm", …}`). Read when it parses, ignored when it does not.
/// Decoded with the JSONDecoder the answer itself goes through, not
/// JSONSerialization: that one builds NSDictionary and NSString and bridges
/// them, Foundation machinery a `dlib list` otherwise never starts.
struct EtcContent {
    var pages: String?
    var size: String?

    init(_ text: String?) {
        guard let text, text.hasPrefix("{"),
              let fields = try? JSONDecoder().decode(Fields.self, from: Data(text.utf8))
        else { return }
        func value(_ raw: String?) -> String? {
            guard let trimmed = raw?.trimmingUnicodeWhitespace() else { return nil }
            return trimmed.isEmpty ? nil : trimmed
        }
        pages = value(fields.page)
        size = value(fields.height) ?? value(fields.size)
    }

    /// The three fields read; one that is not a string counts as absent.
    private struct Fields: Decodable {
        var page: String?
        var height: String?
        var size: String?

        enum CodingKeys: String, CodingKey {
            case page = "PAGE", height = "HEIGHT", size = "SIZE"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            page = try? container.decodeIfPresent(String.self, forKey: .page)
            height = try? container.decodeIfPresent(String.self, forKey: .height)
            size = try? container.decodeIfPresent(String.self, forKey: .size)
        }
    }
}
