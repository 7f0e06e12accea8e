/// The line under a page: where you are, how much there is, what is next
/// and, past the first page, how to go back.
enum Footer {
    static func text(for page: Page, nextCommand: String) -> String {
        guard let total = page.totalCount, let pages = page.totalPages else {
            return "page \(page.pageNo)"
        }
        if total == 0 { return "no holdings" }
        let holdings = total == 1 ? "1 holding" : "\(NumberText.grouped(total)) holdings"
        let next = page.hasNext ? "next: \(nextCommand)" : "last page"
        let back = page.pageNo > 1 ? " · previous: --prev" : ""
        return "page \(NumberText.grouped(page.pageNo)) of \(NumberText.grouped(pages)) · \(holdings) · \(next)\(back)"
    }
}
