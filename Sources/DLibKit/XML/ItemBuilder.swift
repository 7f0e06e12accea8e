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
            coverUrl: value(.coverUrl) ?? value(.thumbnailUrl)
        )
    }
}

/// The combined `place : publisher, year` string of the `publication` alias.
struct Publication {
    var publisher: String?
    var year: String?

    init(_ text: String) {
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":") {
            rest = rest[rest.index(after: colon)...]
        }
        if let comma = rest.lastIndex(of: ","),
           let year = Publication.year(in: rest[rest.index(after: comma)...]) {
            self.year = year
            rest = rest[..<comma]
        } else if let year = Publication.year(in: rest), rest.allSatisfy({ $0.isNumber || $0.isWhitespace || $0 == "." }) {
            self.year = year
            rest = ""
        }
        let name = String(rest).trimmingUnicodeWhitespace()
        publisher = name.isEmpty ? nil : name
    }

    /// The first run of four digits, as `2021` in `2021.` or `c2021`.
    private static func year(in text: Substring) -> String? {
        let digits = Array(text.unicodeScalars)
        var index = 0
        while index + 4 <= digits.count {
            let run = digits[index..<index + 4]
            if run.allSatisfy({ ("0"..."9").contains($0) }) {
                let before = index > 0 && ("0"..."9").contains(digits[index - 1])
                let after = index + 4 < digits.count && ("0"..."9").contains(digits[index + 4])
                if !before && !after { return String(String.UnicodeScalarView(run)) }
            }
            index += 1
        }
        return nil
    }
}

enum RegistrationDate {
    /// `YYYYMMDD` becomes `YYYY-MM-DD`; `YYYY-MM-DD` stays; anything else is
    /// kept as sent rather than guessed at.
    static func normalise(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.count == 8, utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return text }
        var bytes = Array(utf8)
        bytes.insert(UInt8(ascii: "-"), at: 6)
        bytes.insert(UInt8(ascii: "-"), at: 4)
        return String(decoding: bytes, as: UTF8.self)
    }
}
