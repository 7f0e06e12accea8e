/// One page of holdings as the server answered it.
public struct Page: Sendable, Equatable {
    public var holdings: [Holding]
    public var pageNo: Int
    public var pageSize: Int
    /// nil when the server did not say (an empty `03` page may omit it).
    public var totalCount: Int?
    /// Items the server sent without a `controlNo`; they cannot be shown or
    /// tracked, so they are counted instead of invented.
    public var itemsWithoutId: Int

    public init(holdings: [Holding], pageNo: Int, pageSize: Int, totalCount: Int?, itemsWithoutId: Int = 0) {
        self.holdings = holdings
        self.pageNo = pageNo
        self.pageSize = pageSize
        self.totalCount = totalCount
        self.itemsWithoutId = itemsWithoutId
    }

    /// More holdings than any library's catalogue holds: a server that
    /// claims so is wrong, and paging through it would never end.
    public static let plausibleMaximumCount = 100_000_000

    /// The most pages dlib will ever ask for or remember: every holding of
    /// the largest plausible catalogue one a page. Page numbers past it (a
    /// flag, a cursor file) are refused before any arithmetic on them.
    public static let maximumPageNumber = plausibleMaximumCount

    /// `ceil(totalCount / pageSize)`, per the contract, without the sum
    /// that overflows for a count near `Int.max`.
    public var totalPages: Int? {
        guard let totalCount, totalCount >= 0, pageSize > 0 else { return nil }
        return totalCount / pageSize + (totalCount % pageSize == 0 ? 0 : 1)
    }

    public var hasNext: Bool {
        guard let totalPages else { return false }
        return pageNo < totalPages
    }

    /// A page past the end: no items came back.
    public var isPastEnd: Bool { holdings.isEmpty && itemsWithoutId == 0 }
}
