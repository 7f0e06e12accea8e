/// The line under a page: where you are, how much there is, what is next.
enum Footer {
    static func text(for page: Page, nextCommand: String) -> String {
        guard let total = page.totalCount, let pages = page.totalPages else {
            return "page \(page.pageNo)"
        }
        if total == 0 { return "no holdings" }
        let holdings = total == 1 ? "1 holding" : "\(NumberText.grouped(total)) holdings"
        let next = page.hasNext ? "next: \(nextCommand)" : "last page"
        return "page \(NumberText.grouped(page.pageNo)) of \(NumberText.grouped(pages)) · \(holdings) · \(next)"
    }
}
