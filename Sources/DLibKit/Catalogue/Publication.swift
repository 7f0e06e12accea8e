/// The combined `place : publisher, year` string both sources may send
/// (the portal's `publication` alias, Pyxis's `publication`), with the
/// irregular spacing catalogues have: `파주 :위키북스,2015`,
/// `[S.l.] : [s.n.], 2019`, a bare year.
struct Publication: Equatable {
    var place: String?
    var publisher: String?
    var year: String?

    init(_ text: String) {
        var rest = Substring(text)
        if let colon = rest.firstIndex(of: ":") {
            place = Self.nonEmpty(rest[..<colon])
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
        publisher = Self.nonEmpty(rest)
    }

    private static func nonEmpty(_ text: Substring) -> String? {
        let trimmed = String(text).trimmingUnicodeWhitespace()
        return trimmed.isEmpty ? nil : trimmed
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
