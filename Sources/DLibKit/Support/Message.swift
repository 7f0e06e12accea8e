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

    // Why a request failed.
    case couldNotConnect(host: String)
    case couldNotResolve(host: String)
    case timedOut(host: String, seconds: String)
    case connectionLost(host: String, detail: String)
    case answerTooLarge(host: String, mebibytes: Int)
    case requestFailed(host: String, detail: String)
    case httpStatus(Int)
    case htmlInstead(type: String, status: Int, expected: String, excerpt: String)
    case serverRefused(message: String, code: String)
    /// The portal's result codes: what each asks of the user.
    case serviceCode(code: String, message: String)
    case onPage(page: Int, reason: String)
    case attempts(Int)

    // Commands.
    case unknownCommand(given: String, suggestion: String?)
    case confirmClear(count: Int)
    case clearedSaved(count: Int)
    case notCleared
    case seeHelp(command: String)
    /// The one-line overview of a command's `--help`, by command name
    /// (`saved add` for a subcommand of `saved`).
    case overview(String)

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

        case .couldNotConnect(let host):
            return korean ? "\(host)에 연결할 수 없습니다 (연결 거부)" : "could not connect to \(host) (connection refused)"
        case .couldNotResolve(let host):
            return korean ? "\(host)의 호스트 이름을 찾을 수 없습니다" : "could not resolve the host of \(host)"
        case .timedOut(let host, let seconds):
            return korean ? "\(host)에서 \(seconds)초 안에 응답이 없습니다" : "no answer from \(host) within \(seconds) s"
        case .connectionLost(let host, let detail):
            return korean ? "응답을 다 받기 전에 \(host)와의 연결이 끊겼습니다 (\(detail))"
                : "the connection to \(host) was lost before the answer was complete (\(detail))"
        case .answerTooLarge(let host, let mebibytes):
            return korean ? "\(host)의 응답이 \(mebibytes) MiB보다 커서 받지 않았습니다"
                : "the answer from \(host) is larger than \(mebibytes) MiB; refused"
        case .requestFailed(let host, let detail):
            return korean ? "\(host) 요청이 실패했습니다: \(detail)" : "the request to \(host) failed: \(detail)"
        case .httpStatus(let status):
            return korean ? "서버가 HTTP \(status)로 응답했습니다" : "the server answered HTTP \(status)"
        case .htmlInstead(let type, let status, let expected, let excerpt):
            let quoted = excerpt.isEmpty ? "" : ": \"\(excerpt)\""
            return korean ? "서버가 \(expected) 대신 HTML 페이지를 보냈습니다 (\(type)HTTP \(status))\(quoted)"
                : "the server sent an HTML page (\(type)HTTP \(status)) instead of \(expected)\(quoted)"
        case .serverRefused(let message, let code):
            return korean ? "서버가 요청을 거절했습니다: \(message) (\(code))" : "the server refused the request: \(message) (\(code))"
        case .serviceCode(let code, let message):
            return Self.serviceCode(code, named: "(\(message), code \(code))", korean: korean)
        case .onPage(let page, let reason):
            return korean ? "\(NumberText.grouped(page))쪽: \(reason)" : "page \(NumberText.grouped(page)): \(reason)"
        case .attempts(let count):
            return korean ? " (\(count)번 시도)" : " (\(count) attempts)"

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
        case .overview(let command):
            let (english, hangul) = Self.overviews[command] ?? (command, command)
            return korean ? hangul : english
        }
    }

    /// Each command's overview: (English, Korean).
    static let overviews: [String: (String, String)] = [
        "dlib": ("Read the Ministry of Environment library's holdings catalogue from a terminal.",
                 "환경부 도서관의 소장 자료 목록을 터미널에서 읽습니다."),
        "list": ("Show one page of holdings and remember where you are.",
                 "소장 자료를 한 쪽씩 보여 주고, 본 쪽을 기억합니다."),
        "search": ("Search titles and authors, a page at a time.",
                   "서명과 저자를 검색해 한 쪽씩 보여 줍니다."),
        "show": ("Show every field of one holding seen on a listed page, with its copies.",
                 "본 적 있는 소장 자료 하나의 모든 항목과 소장 사본을 보여 줍니다."),
        "saved": ("Keep a list of holdings: add, list, remove, clear, export.",
                  "소장 자료를 담아 둡니다: 담기, 보기, 빼기, 비우기, 내보내기."),
        "saved add": ("Save holdings seen on a listed page or a search.",
                      "목록이나 검색에서 본 소장 자료를 담습니다."),
        "saved list": ("Show the saved holdings, newest first.",
                       "담은 자료를 최근 것부터 보여 줍니다."),
        "saved remove": ("Take holdings off the saved list.",
                         "담은 목록에서 자료를 뺍니다."),
        "saved clear": ("Empty the saved list.",
                        "담은 목록을 비웁니다."),
        "saved export": ("Write the saved holdings with the export's CSV header (or as JSON lines).",
                         "담은 자료를 내보내기와 같은 CSV(또는 JSON Lines)로 씁니다."),
        "recent": ("The ten holdings most recently opened with `dlib show`, newest first.",
                   "`dlib show`로 최근에 연 소장 자료 열 건을 최근 것부터 보여 줍니다."),
        "export": ("Write the whole catalogue (or a search's results) as CSV or JSON lines.",
                   "목록 전체(또는 검색 결과)를 CSV나 JSON Lines로 내보냅니다."),
        "snapshot": ("Keep a dated, diffed CSV snapshot of the catalogue (made for cron).",
                     "날짜가 붙은 목록 스냅숏을 남기고 지난번과 비교합니다(cron용)."),
        "diff": ("Show the holdings added, removed and changed between two snapshots.",
                 "두 스냅숏 사이에 추가·삭제·변경된 소장 자료를 보여 줍니다."),
        "doctor": ("Say which source and endpoint dlib uses, and where each setting came from, then try one request.",
                   "dlib이 쓰는 소스와 주소, 각 설정의 출처를 보여 주고 요청을 한 번 해 봅니다."),
    ]

    private static func serviceCode(_ code: String, named: String, korean: Bool) -> String {
        switch code {
        case "10": return korean ? "서버가 요청 변수를 거절했습니다 \(named); 버그이거나 잘못된 옵션입니다"
            : "the server rejected a request parameter \(named); this is a bug or a bad flag"
        case "12": return korean ? "이 주소에는 그런 서비스가 없습니다 \(named); DLIB_ENDPOINT를 확인하세요"
            : "there is no such service at this endpoint \(named); check DLIB_ENDPOINT"
        case "20": return korean ? "서비스 접근이 거부되었습니다 \(named)" : "access to the service was denied \(named)"
        case "22": return korean ? "이 서비스 키의 하루 요청 한도를 다 썼습니다 \(named); 내일 다시 하세요"
            : "the daily request quota of this service key is spent \(named); try again tomorrow"
        case "30": return korean ? "등록되지 않은 서비스 키입니다 \(named); 새 키는 활성화까지 한 시간쯤 걸립니다"
            : "the service key is not registered \(named); a new key can take an hour to become active"
        case "31": return korean ? "서비스 키가 만료되었습니다 \(named); 공공데이터포털에서 갱신하세요"
            : "the service key has expired \(named); renew it on the data portal"
        case "32": return korean ? "이 컴퓨터의 IP 주소가 키에 등록되어 있지 않습니다 \(named)"
            : "this machine's IP address is not registered for the key \(named)"
        case "99": return korean ? "서비스에 알 수 없는 오류가 났습니다 \(named)" : "the service had an unknown error \(named)"
        default: return korean ? "서비스가 오류로 응답했습니다 \(named)" : "the service answered an error \(named)"
        }
    }
}
