import ArgumentParser
import DLibKit
import Foundation

struct SearchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "search",
        abstract: Message.overview("search").text(),
        discussion: """
        Each search text has its own remembered page: `dlib search 기후변화 --next` pages \
        through that search and leaves `dlib list --next` where it was.
        """
    )

    @Argument(help: ArgumentHelp("What the title or author contains (any case).", valueName: "text"))
    var text: String

    @OptionGroup var paging: PagingOptions

    @OptionGroup var columns: ColumnOptions

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var images: ImageOptions

    func validate() throws {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw ValidationError("the search text is empty.") }
    }

    func run() async throws {
        let config = try connection.serviceConfig()
        let keyword = text.trimmingCharacters(in: .whitespaces)
        let browser = PageBrowser(
            config: config, client: connection.client(for: config), keyword: keyword,
            pageSize: paging.pageSize, format: paging.format, display: display, columns: try columns.fields, nextCommand: "dlib search \(ShellQuote.quote(keyword)) --next",
            images: images, verbose: connection.verbose)
        try await browser.show(paging.navigation, reset: false)
    }
}

/// A word as a shell would need it typed, for the hints dlib prints.
enum ShellQuote {
    static func quote(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.value > 0x7F || CharacterSet.alphanumerics.contains($0) || "-_./:@%+=,".unicodeScalars.contains($0)
        }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
