/// The one table of what dlib says to people, in English and Korean: the
/// footer, empty results, notices, the progress line, the main errors and
/// the commands' help. A case per message, both languages side by side, so
/// a message is never translated in one place and forgotten in another.
/// Machine output (CSV headers, JSON keys, TSV) never comes from here.
public enum Message: Sendable {
    // The footer under a page.
    case pageOf(page: Int, pages: Int)
    case pageOnly(Int)
    case holdings(Int)
    case noHoldings
    case next(command: String)
    case lastPage
    case previous

    // Empty results and notices.
    case noMatch(term: String)
    case tryJoined(command: String)
    case noMorePages(holdings: Int, pages: Int)
    case noMorePagesUnknown
    case noPageBefore(page: Int)
    case lastPossiblePage(page: Int)
    case forgotPage(command: String)
    case cursorReset(file: String)
    case nothingSaved
    case nothingViewed
    case savedCount(Int)
    case recentCount(Int)

    // The progress line of export and snapshot.
    case progress(pagesDone: Int, totalPages: Int, holdings: Int, rate: String, eta: Int)

    // Commands.
    case unknownCommand(given: String, suggestion: String?)
    case confirmClear(count: Int)
    case clearedSaved(count: Int)
    case notCleared
    case seeHelp(command: String)

    public func text(_ language: Language = .current) -> String {
        let korean = language == .korean
        switch self {
        case .pageOf(let page, let pages):
            return korean ? "\(NumberText.grouped(pages))쪽 중 \(NumberText.grouped(page))쪽" : "page \(NumberText.grouped(page)) of \(NumberText.grouped(pages))"
        case .pageOnly(let page):
            return korean ? "\(NumberText.grouped(page))쪽" : "page \(NumberText.grouped(page))"
        case .holdings(let count):
            return korean ? "소장 자료 \(NumberText.grouped(count))건" : NumberText.count(count, "holding")
        case .noHoldings:
            return korean ? "소장 자료 없음" : "no holdings"
        case .next(let command):
            return korean ? "다음: \(command)" : "next: \(command)"
        case .lastPage:
            return korean ? "마지막 쪽" : "last page"
        case .previous:
            return korean ? "이전: --prev" : "previous: --prev"

        case .noMatch(let term):
            return korean ? "\u{201C}\(term)\u{201D}에 맞는 소장 자료가 없습니다" : "no holdings match \u{201C}\(term)\u{201D}"
        case .tryJoined(let command):
            return korean ? "띄어 쓰지 않고 찾아 보세요: \(command)" : "try it without the space: \(command)"
        case .noMorePages(let holdings, let pages):
            return korean
                ? "더 이상 쪽이 없습니다 (소장 자료 \(NumberText.grouped(holdings))건, \(NumberText.grouped(pages))쪽)"
                : "no more pages (\(NumberText.count(holdings, "holding")), \(NumberText.count(pages, "page")))"
        case .noMorePagesUnknown:
            return korean ? "더 이상 쪽이 없습니다" : "no more pages"
        case .noPageBefore(let page):
            return korean ? "\(NumberText.grouped(page))쪽 앞에는 쪽이 없습니다" : "no page before page \(NumberText.grouped(page))"
        case .lastPossiblePage(let page):
            return korean
                ? "더 이상 쪽이 없습니다: 어떤 목록도 \(NumberText.grouped(page))쪽을 넘지 않습니다"
                : "no more pages: page \(NumberText.grouped(page)) is the last any catalogue can have"
        case .forgotPage(let command):
            return korean ? "기억한 쪽을 지웠습니다; `\(command)`는 1쪽부터 보여 줍니다" : "forgot the remembered page; `\(command)` starts at page 1"
        case .cursorReset(let file):
            return korean ? "기억한 쪽(\(file))을 읽을 수 없어 처음으로 돌렸습니다" : "the remembered page (\(file)) was unreadable and is reset"
        case .nothingSaved:
            return korean ? "담은 자료가 없습니다; `dlib saved add ID`로 담으세요" : "nothing saved yet; add holdings with `dlib saved add ID`"
        case .nothingViewed:
            return korean ? "최근 본 자료가 없습니다; `dlib show ID`로 여세요" : "nothing viewed yet; open a holding with `dlib show ID`"
        case .savedCount(let count):
            return korean ? "담은 자료 \(NumberText.grouped(count))건" : NumberText.count(count, "saved holding")
        case .recentCount(let count):
            return korean ? "최근 본 자료 \(NumberText.grouped(count))건" : NumberText.count(count, "recently viewed holding")

        case .progress(let done, let total, let holdings, let rate, let eta):
            return korean
                ? " \(done)/\(total)쪽 · 소장 자료 \(NumberText.grouped(holdings))건 · 초당 \(rate)쪽 · 남은 시간 \(eta)초"
                : " \(done)/\(total) pages · \(NumberText.grouped(holdings)) holdings · \(rate) pages/s · ETA \(eta)s"

        case .unknownCommand(let given, let suggestion):
            let hint = suggestion.map { korean ? "; `\($0)`을(를) 찾으셨나요?" : "; did you mean `\($0)`?" } ?? ""
            return korean
                ? "`\(given)`은(는) dlib 명령이 아닙니다\(hint) (`dlib --help`에 명령이 모두 있습니다)"
                : "`\(given)` is not a dlib command\(hint) (`dlib --help` lists them)"
        case .confirmClear(let count):
            return korean ? "담은 자료 \(NumberText.grouped(count))건을 모두 지울까요? [y/N] " : "Remove all \(NumberText.count(count, "saved holding"))? [y/N] "
        case .clearedSaved(let count):
            return korean ? "담은 목록을 비웠습니다 (\(NumberText.grouped(count))건 지움)" : "cleared the saved list (\(NumberText.count(count, "holding")) removed)"
        case .notCleared:
            return korean ? "지우지 않았습니다" : "nothing removed"
        case .seeHelp(let command):
            return korean ? "`\(command) --help`를 보세요" : "see `\(command) --help`"
        }
    }
}
