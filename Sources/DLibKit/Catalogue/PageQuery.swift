/// Which page to ask for: the key of the in-flight guard and of the cursor.
public struct PageQuery: Sendable, Hashable {
    public var pageNo: Int
    public var pageSize: Int
    /// The search text; nil lists the catalogue.
    public var keyword: String?

    public init(pageNo: Int, pageSize: Int, keyword: String? = nil) {
        self.pageNo = pageNo
        self.pageSize = pageSize
        self.keyword = keyword.flatMap { $0.isEmpty ? nil : $0 }
    }
}
