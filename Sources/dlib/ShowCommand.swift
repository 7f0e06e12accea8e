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

    @OptionGroup var scope: StoreOptions

    func run() async throws {
        try await reportingFailures {
            let (store, endpoint) = try scope.open()
            let wanted = id.trimmingCharacters(in: .whitespaces)
            guard let holding = try store.holding(wanted, endpoint: endpoint) else {
                throw UserFacingError("\(wanted) is not among the holdings dlib has seen; \(StoreOptions.findHint())")
            }
            switch format {
            case .text:
                let printer = DetailPrinter(style: .forStandardOutput(), language: PeopleDate.language())
                Terminal.out(printer.render(holding))
            case .json:
                Terminal.out(JSONWriter.object(holding) + "\n")
            }
            try store.recordView(holding.controlNo, endpoint: endpoint)
        }
    }
}
