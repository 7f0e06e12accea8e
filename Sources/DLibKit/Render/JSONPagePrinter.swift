/// `--format json`: one document per page, one holding per line inside it,
/// so it reads in a terminal and parses anywhere.
public enum JSONPagePrinter {
    public static func render(_ page: Page) -> String {
        let items = page.holdings.map { "    " + JSONWriter.object($0) }.joined(separator: ",\n")
        return """
        {
          "page": \(page.pageNo),
          "pageSize": \(page.pageSize),
          "totalCount": \(page.totalCount.map(String.init) ?? "null"),
          "totalPages": \(page.totalPages.map(String.init) ?? "null"),
          "hasNext": \(page.hasNext),
          "items": [\(items.isEmpty ? "" : "\n" + items + "\n  ")]
        }

        """
    }

    /// `{"items": [...]}`, for lists that are not pages.
    public static func render(items holdings: [Holding]) -> String {
        let items = holdings.map { "    " + JSONWriter.object($0) }.joined(separator: ",\n")
        return "{\n  \"items\": [" + (items.isEmpty ? "" : "\n" + items + "\n  ") + "]\n}\n"
    }
}
