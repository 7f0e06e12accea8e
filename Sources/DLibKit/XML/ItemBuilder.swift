/// Collects one `<item>`'s fields as they stream past and resolves the
/// contract's aliases once the item ends.
struct ItemBuilder {
    private var values = [String?](repeating: nil, count: ResponseElement.count)

    /// Ready for the next item, keeping the storage.
    mutating func reset() {
        for index in values.indices { values[index] = nil }
    }

    /// The first non-empty value of a field wins; an empty one means missing.
    mutating func set(_ element: ResponseElement, _ value: String?) {
        guard let value, values[element.rawValue] == nil else { return }
        values[element.rawValue] = value
    }

    private func value(_ element: ResponseElement) -> String? { values[element.rawValue] }

    /// nil when the item has no control number under any name.
    func build() -> Holding? {
        guard let controlNo = value(.controlNo) ?? value(.id) else { return nil }
        let publication = value(.publication).map(Publication.init)
        return Holding(
            controlNo: controlNo,
            title: value(.title) ?? value(.titleStatement),
            author: value(.author),
            publisher: value(.publisher) ?? publication?.publisher,
            pubYear: value(.pubYear) ?? publication?.year,
            isbn: value(.isbn),
            callNo: value(.callNo),
            materialType: value(.materialType),
            location: value(.location),
            regDate: value(.regDate).map(RegistrationDate.normalise),
            coverUrl: value(.coverUrl) ?? value(.thumbnailUrl),
            place: publication?.place
        )
    }
}
