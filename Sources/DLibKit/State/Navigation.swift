/// Which page a `list` run asks for, worked out from the remembered cursor.
public enum Navigation: Sendable, Equatable {
    case first
    case page(Int)
    case next
    case previous

    public enum Target: Equatable {
        case page(Int)
        /// `--prev` from the first page, or with nothing shown yet.
        case nothingBefore
        /// Past any page a catalogue can have.
        case beyondTheLastPossible
    }

    /// The page to fetch at `pageSize`. The cursor stores the page size it
    /// was made with, so a changed `--page-size` carries on from the first
    /// holding not yet shown (or, backwards, the last one before). Every
    /// product is checked: a page past `Page.maximumPageNumber` is
    /// `.beyondTheLastPossible`, never a trap.
    public func target(from cursor: CursorPosition?, pageSize: Int) -> Target {
        guard pageSize > 0 else { return .beyondTheLastPossible }
        switch self {
        case .first:
            return .page(1)
        case .page(let number):
            return (1...Page.maximumPageNumber).contains(number) ? .page(number) : .beyondTheLastPossible
        case .next:
            guard let cursor else { return .page(1) }
            let (firstUnseen, overflow) = cursor.page.multipliedReportingOverflow(by: cursor.pageSize)
            guard !overflow, firstUnseen >= 0 else { return .beyondTheLastPossible }
            let number = firstUnseen / pageSize + 1
            return number <= Page.maximumPageNumber ? .page(number) : .beyondTheLastPossible
        case .previous:
            guard let cursor else { return .nothingBefore }
            let (firstShown, overflow) = (cursor.page - 1).multipliedReportingOverflow(by: cursor.pageSize)
            guard !overflow else { return .beyondTheLastPossible }
            guard firstShown > 0 else { return .nothingBefore }
            return .page((firstShown - 1) / pageSize + 1)
        }
    }
}
