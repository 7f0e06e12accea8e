/// The line under a page: where you are, how much there is, what is next
/// and, past the first page, how to go back.
enum Footer {
    static func text(for page: Page, nextCommand: String, glyphs: Glyphs, language: Language) -> String {
        guard let total = page.totalCount, let pages = page.totalPages else {
            return Message.pageOnly(page.pageNo).text(language)
        }
        if total == 0 { return Message.noHoldings.text(language) }
        var parts = [Message.pageOf(page: page.pageNo, pages: pages), .holdings(total),
                     page.hasNext ? .next(command: nextCommand) : .lastPage].map { $0.text(language) }
        if page.pageNo > 1 { parts.append(Message.previous.text(language)) }
        return parts.joined(separator: " \(glyphs.separator) ")
    }
}
