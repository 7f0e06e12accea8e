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
    }

    /// The page to fetch at `pageSize`. The cursor stores the page size it
    /// was made with, so a changed `--page-size` carries on from the first
    /// holding not yet shown (or, backwards, the last one before).
    public func target(from cursor: CursorPosition?, pageSize: Int) -> Target {
        switch self {
        case .first:
            return .page(1)
        case .page(let number):
            return .page(number)
        case .next:
            guard let cursor else { return .page(1) }
            let firstUnseen = cursor.page * cursor.pageSize
            return .page(firstUnseen / pageSize + 1)
        case .previous:
            guard let cursor else { return .nothingBefore }
            let firstShown = (cursor.page - 1) * cursor.pageSize
            guard firstShown > 0 else { return .nothingBefore }
            return .page((firstShown - 1) / pageSize + 1)
        }
    }
}
