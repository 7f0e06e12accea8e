@testable import DLibKit

/// A page holding the contract's awkward strings, for golden and property
/// tests of the printers.
enum AwkwardPage {
    static let longKoreanTitle = String(String(repeating: "기후변화와 생태계 서비스의 미래를 위한 정책 연구 ", count: 10).prefix(200))

    static let holdings: [Holding] = [
        Holding(controlNo: "MOE000000001", title: longKoreanTitle, author: "국립생태원 편", publisher: "국립생태원",
                pubYear: "2021", isbn: "9791190000000", callNo: "539.9 국233ㄱ", materialType: "단행본",
                location: "세종 본관 2층 자료실", regDate: "2021-03-15", coverUrl: "https://example.invalid/covers/1.jpg"),
        Holding(controlNo: "MOE000000002", title: "🌏 지구를 위한 작은 습관 👩‍👩‍👧 family 🇰🇷", author: "Kim, Jiwoo",
                publisher: "에코리브르", pubYear: "2019", regDate: "2019-11-02"),
        Holding(controlNo: "MOE000000003", title: "Cafe\u{301} Science: Les fore\u{302}ts et le climat", author: "Ame\u{301}lie",
                publisher: "Routledge", pubYear: "2015", coverUrl: "https://example.invalid/covers/3.jpg"),
        Holding(controlNo: "MOE000000004", title: "Zero\u{200B}width\u{200B}space title", author: "zero\u{200D}joiner",
                pubYear: "2020", regDate: "20200101"),
        Holding(controlNo: "MOE000000005", title: "ＦＵＬＬＷＩＤＴＨ ｔｉｔｌｅ ａｎｄ ＣＪＫ 生物多様性", author: "ＡＵＴＨＯＲ",
                publisher: "OECD Publishing", pubYear: "2018"),
        Holding(controlNo: "MOE000000006", title: "Line one\nLine two\tTabbed", author: "Tab\tAuthor",
                publisher: "Multi\r\nLine", pubYear: "2017", coverUrl: "https://example.invalid/covers/6.jpg"),
        Holding(controlNo: "MOE000000007", title: "C1\u{85}control\u{9B}31mred and \u{1B}[31mESC\u{1B}[0m \u{7F}DEL",
                author: "\u{1B}]8;;http://evil.invalid\u{1B}\\link\u{1B}]8;;\u{1B}\\", pubYear: "2016"),
        Holding(controlNo: "MOE000000008", title: "evil \u{202E}exe.txt\u{202C} and \u{2066}isolate\u{2069} name",
                author: "\u{202D}override", publisher: "환경부", pubYear: "2014",
                coverUrl: "https://example.invalid/covers/8.jpg"),
        Holding(controlNo: "MOE000000009", title: "\"Quoted\", with, commas, and 'apostrophes'", author: "O'Brien, \"Pat\"",
                publisher: "Springer", pubYear: "2012", isbn: "9780000000000"),
        Holding(controlNo: "MOE000000010"),
    ]

    static let page = Page(holdings: holdings, pageNo: 3, pageSize: 20, totalCount: 1237)
}
