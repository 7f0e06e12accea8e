import ArgumentParser
import DLibKit

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: Message.overview("list").text(),
        discussion: """
        Plain `dlib list` shows page 1. The page shown is remembered (per endpoint), \
        so `dlib list --next` carries on from it, also from cron or another shell: \
        two `--next` started at once show consecutive pages. The remembered page \
        moves only after a page was fetched and shown.
        """
    )

    @OptionGroup var paging: PagingOptions

    @Flag(help: "Forget the remembered page; the next `--next` shows page 1.")
    var reset = false

    @OptionGroup var columns: ColumnOptions

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var images: ImageOptions

    func validate() throws {
        if reset && (paging.page != nil || paging.next || paging.prev) {
            throw ValidationError("--page, --next, --prev and --reset cannot be combined.")
        }
    }

    func run() async throws {
        let config = try connection.serviceConfig()
        let browser = PageBrowser(
            config: config, client: connection.client(for: config), keyword: nil,
            pageSize: paging.pageSize, format: paging.format, display: display, columns: try columns.fields, nextCommand: "dlib list --next",
            images: images, verbose: connection.verbose)
        try await browser.show(paging.navigation, reset: reset)
    }
}
