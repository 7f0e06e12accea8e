import ArgumentParser
import DLibKit
import Foundation

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show every field of one holding seen on a listed page.",
        discussion: """
        Reads the holdings dlib has already fetched from this endpoint (by `dlib list` or `dlib search`),
        so it works without asking the server again. Dates are written out in your
        language (LC_ALL, LC_TIME or LANG: ko… for Korean).
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The holding's control number, e.g. MOE000001234.", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("text or json.", valueName: "format"))
    var format: Format = .text

    @Option(help: ArgumentHelp("The holdings endpoint URL (default: $DLIB_ENDPOINT).", valueName: "url"))
    var endpoint: String?

    func run() async throws {
        try await reportingFailures {
            let config = try ConnectionOptions.config(endpoint: endpoint)
            let store = try LocalStore(state: .fromEnvironment())
            let wanted = id.trimmingCharacters(in: .whitespaces)
            guard let holding = try store.holding(wanted, endpoint: config.endpoint) else {
                throw UserFacingError(
                    "\(wanted) is not among the holdings dlib has seen; find it with `dlib search TEXT` or `dlib list --page N` first")
            }
            switch format {
            case .text:
                let printer = DetailPrinter(style: .forStandardOutput(), language: PeopleDate.language())
                Terminal.out(printer.render(holding))
            case .json:
                Terminal.out(JSONWriter.object(holding) + "\n")
            }
            try store.recordView(holding.controlNo, endpoint: config.endpoint)
        }
    }
}
