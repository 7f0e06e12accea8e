import Foundation

/// Makes a realistic catalogue of the Ministry of Environment library:
/// Korean and English titles on environmental subjects, about a third
/// without a cover, some without an author, and a few awkward strings.
/// Deterministic for a seed, so the committed sample can be made again.
public struct CatalogueGenerator {
    private var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    private static let koreanSubjects = [
        "기후변화", "탄소중립", "미세먼지", "생물다양성", "수질오염", "폐기물 관리", "자원순환",
        "습지 보전", "해양 플라스틱", "대기질", "토양 오염", "환경영향평가", "생태계 서비스",
        "녹색성장", "온실가스", "하천 복원", "야생동물", "국립공원", "물 재이용", "소음 진동",
    ]
    private static let koreanForms = [
        "%@ 적응 전략", "%@ 백서", "%@의 이해", "%@ 정책 연구", "%@ 현황과 과제", "%@ 모니터링 보고서",
        "알기 쉬운 %@", "%@ 관리 지침", "%@ 국제 동향", "도시와 %@", "%@ 통계연보",
    ]
    private static let englishSubjects = [
        "Climate Change", "Carbon Neutrality", "Fine Dust", "Biodiversity", "Water Quality",
        "Waste Management", "Wetland Conservation", "Marine Plastics", "Air Quality",
        "Environmental Impact Assessment", "Ecosystem Services", "Green Growth", "River Restoration",
    ]
    private static let englishForms = [
        "%@: Adaptation Strategies", "Annual Report on %@", "Understanding %@", "%@ Policy Review",
        "%@ in East Asia", "A Handbook of %@", "%@ & Public Health",
    ]
    private static let awkwardTitles = [
        "기후, 물, 그리고 \"도시\": 쉼표와 따옴표가 있는 제목",
        "Rivers & Lakes <Field Notes>",
        "🌏 지구를 위한 작은 습관",
        "탄소중립 2050 — 시나리오와 쟁점",
        "生物多様性と地域社会",
        "Café Science: Les forêts et le climat",
    ]
    private static let authors = [
        "국립생태원 편", "환경부", "국립환경과학원", "한국환경연구원", "김민수", "이서연", "박지훈",
        "최수아", "정하늘", "Kim, Jiwoo", "Lee, Hana", "United Nations Environment Programme",
        "국립생물자원관", "강물결 외",
    ]
    private static let publishers = [
        "국립생태원", "환경부", "국립환경과학원", "한국환경연구원", "국립생물자원관", "에코리브르",
        "Springer", "Routledge", "OECD Publishing", "환경정책평가연구원",
    ]
    private static let materialTypes = ["단행본", "단행본", "단행본", "보고서", "보고서", "연속간행물", "학위논문", "비도서"]
    private static let locations = [
        "세종 본관 2층 자료실", "세종 본관 3층 보존서고", "서울 분관 자료실", "전자자료실",
    ]
    private static let initials = Array("ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎ")

    public mutating func records(count: Int) -> [SampleRecord] {
        (1...max(count, 1)).prefix(count).map { record(number: $0) }
    }

    private mutating func pick<T>(_ list: [T]) -> T {
        list[Int(random.next() % UInt64(list.count))]
    }

    private mutating func chance(_ percent: UInt64) -> Bool {
        random.next() % 100 < percent
    }

    private mutating func title(number: Int) -> String {
        if number % 97 == 13 { return Self.awkwardTitles[(number / 97) % Self.awkwardTitles.count] }
        if chance(70) {
            return pick(Self.koreanForms).replacingPlaceholder(with: pick(Self.koreanSubjects))
        }
        return pick(Self.englishForms).replacingPlaceholder(with: pick(Self.englishSubjects))
    }

    private mutating func record(number: Int) -> SampleRecord {
        let controlNo = "MOE" + String(100_000_000 + number * 37).suffix(9)
        let year = 1985 + Int(random.next() % 42)
        let month = 1 + Int(random.next() % 12)
        let day = 1 + Int(random.next() % 28)
        var fields: [String: String] = [
            "controlNo": String(controlNo),
            "title": title(number: number),
            "publisher": pick(Self.publishers),
            "pubYear": String(year),
            "callNo": "\(500 + Int(random.next() % 100)).\(Int(random.next() % 10)) \(pick(Self.initials))\(100 + Int(random.next() % 900))",
            "materialType": pick(Self.materialTypes),
            "location": pick(Self.locations),
        ]
        let regYear = min(year + Int(random.next() % 3), 2026)
        fields["regDate"] = chance(80)
            ? String(format4: regYear) + String(format2: month) + String(format2: day)
            : "\(String(format4: regYear))-\(String(format2: month))-\(String(format2: day))"
        if !chance(12) { fields["author"] = pick(Self.authors) }
        if chance(75) { fields["isbn"] = "979\(1_100_000_000 + Int(random.next() % 899_999_999))" }
        if !chance(34) { fields["coverUrl"] = "https://covers.example.invalid/\(controlNo).jpg" }
        return SampleRecord(fields: fields)
    }
}

/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64).
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    fileprivate func replacingPlaceholder(with value: String) -> String {
        guard let range = range(of: "%@") else { return self }
        return replacingCharacters(in: range, with: value)
    }

    fileprivate init(format2 value: Int) { self = value < 10 ? "0\(value)" : "\(value)" }
    fileprivate init(format4 value: Int) { self = String(value) }
}
