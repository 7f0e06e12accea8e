/// The copies of one holding: `GET <origin>/pyxis-api/1/biblios/<id>/items`,
/// whose `data` holds them as an array or as `data.list` (both occur).
enum PyxisItems {
    static func url(id: String, config: ServiceConfig) -> String {
        let origin = PyxisEndpoint.origin(of: config.endpoint)
        return PyxisEndpoint.url(base: origin, path: "pyxis-api/1/biblios/\(PercentEncoding.encode(id))/items", parameters: [])
    }

    static func copies(from response: HTTPResponse) throws(CatalogueError) -> [Copy] {
        let answer = try PyxisAnswer.read(response, expecting: ItemsData.self)
        guard let data = answer.data else { throw .unexpectedAnswer(detail: "data is missing") }
        return data.items.compactMap(\.value).map {
            Copy(location: $0.location, callNo: $0.callNo, availability: $0.stateName,
                 stateCode: $0.stateCode, dueDate: $0.dueDate, barcode: $0.barcode)
        }
    }

    struct ItemsData: Decodable {
        var items: [Lenient<Item>]

        private enum Keys: String, CodingKey { case list }

        init(from decoder: any Decoder) throws {
            if let array = try? decoder.singleValueContainer().decode([Lenient<Item>].self) {
                items = array
            } else {
                items = try decoder.container(keyedBy: Keys.self).decode([Lenient<Item>].self, forKey: .list)
            }
        }
    }

    /// One copy as public clients read it; unknown keys are ignored.
    struct Item: Decodable {
        var barcode: String?
        var callNo: String?
        var location: String?
        var stateCode: String?
        var stateName: String?
        var dueDate: String?

        private enum Keys: String, CodingKey { case barcode, callNo, location, circulationState, dueDate }
        private enum NamedKeys: String, CodingKey { case name, code }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            barcode = container.text(.barcode)
            callNo = container.text(.callNo)
            dueDate = container.text(.dueDate)
            // `location` is `{id, name}`; some servers send the name alone.
            if let nested = try? container.nestedContainer(keyedBy: NamedKeys.self, forKey: .location) {
                location = nested.text(.name)
            } else {
                location = container.text(.location)
            }
            if let state = try? container.nestedContainer(keyedBy: NamedKeys.self, forKey: .circulationState) {
                stateCode = state.text(.code)
                stateName = state.text(.name)
            }
        }
    }
}
