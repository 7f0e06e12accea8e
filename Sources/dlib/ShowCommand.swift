import ArgumentParser
import DLibKit
import Foundation

struct ShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: Message.overview("show").text(),
        discussion: """
        Reads the holdings dlib has already fetched from this endpoint (by `dlib list`, \
        `dlib search` or `dlib export`). On the pyxis source it also asks the library for \
        each copy's call number, location, circulation state and due date; when that \
        fails it shows what it has, with a note. Dates are written out in your \
        language (LC_ALL, LC_TIME or LANG: ko… for Korean).
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The holding's id: a control number (MOE000001234) or a Pyxis id (5006619).", valueName: "id"))
    var id: String

    @Option(help: ArgumentHelp("text or json.", valueName: "format"))
    var format: Format = .text

    @Flag(help: "Do not ask the library for the copies' current state; show what dlib has.")
    var offline = false

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var images: ImageOptions

    func run() async throws {
        let config = try connection.serviceConfig()
        let store = try LocalStore(state: .fromEnvironment())
        let wanted = id.trimmingCharacters(in: .whitespaces)
        guard var holding = try store.holding(wanted, endpoint: config.endpoint) else {
            throw DLibError.notFound("\(wanted) is not among the holdings dlib has seen; \(StoreOptions.findHint())")
        }
        if !offline {
            do {
                if let copies = try await connection.client(for: config).copies(of: holding.controlNo) {
                    holding.copies = copies
                }
            } catch {
                let reason = (error as? UserFacing)?.userMessage ?? "\(error)"
                Terminal.note("could not ask for the copies' current state (\(reason)); showing what dlib last fetched")
            }
        }
        switch format {
        case .text:
            let style = TerminalStyle(display)
            let covers = offline ? nil : try await images.covers(
                for: [holding], box: DetailPrinter.coverBox, client: connection.client(for: config),
                style: style, verbose: connection.verbose)
            let printer = DetailPrinter(style: try style.get(), language: Language.forDates(),
                                        cover: covers?.lines[holding.controlNo])
            try Terminal.out(printer.render(holding))
            covers?.remember()
        case .json:
            try Terminal.out(JSONWriter.object(holding) + "\n")
        }
        try store.recordView(holding.controlNo, endpoint: config.endpoint)
    }
}
