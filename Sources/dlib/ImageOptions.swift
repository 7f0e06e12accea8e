import ArgumentParser
import DLibKit
import Foundation

/// `--images` and `--cover-timeout`, for the commands that show covers.
struct ImageOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Draw covers: auto, kitty, iterm, sixel, blocks or none. "
            + "Default: $DLIB_IMAGES, the config file's `images`, else auto (what the terminal can; none off a terminal).",
        valueName: "mode"))
    var images: ImageSetting?

    @Option(help: ArgumentHelp("Wait at most this many seconds for a page's covers; late ones get the placeholder.",
                               valueName: "seconds"))
    var coverTimeout: Double = 2

    func validate() throws {
        guard coverTimeout > 0, coverTimeout <= 60 else {
            throw ValidationError("--cover-timeout must be between 0 and 60 seconds.")
        }
    }

    /// The flag, else DLIB_IMAGES, else the config file, else auto. A
    /// value that is no mode is an error where it was given.
    func setting(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ImageSetting {
        try SettingLookup(environment: environment).value(flag: images, variable: "DLIB_IMAGES", key: "images") ?? .auto
    }

    /// Whether and how covers are drawn on standard output; the terminal
    /// is asked only when the setting is auto and it could matter.
    /// `--ascii` (and what implies it) and `--color never` draw no picture.
    func decision(_ display: DisplayOptions.Resolved, environment: [String: String] = ProcessInfo.processInfo.environment) throws
        -> GraphicsDetection.Decision {
        var inputs = GraphicsDetection.Inputs(
            setting: try setting(environment: environment), environment: environment,
            isTerminal: TerminalSize.isTerminal(STDOUT_FILENO), ascii: display.ascii, escapes: display.colour != .never)
        if GraphicsDetection.shouldQuery(inputs) { inputs.answers = GraphicsQuery.ask() }
        return GraphicsDetection.decide(inputs)
    }

    var deadline: Duration { .milliseconds(Int((coverTimeout * 1000).rounded())) }

    /// The covers of these holdings drawn in `box`, or none when nothing is
    /// drawn here; `--verbose` says what was decided and each cover's fate.
    /// Call `remember()` on the answer once the page is printed.
    /// A terminal with wide ambiguous characters gets blocks without them.
    func covers(for holdings: [Holding], box: (columns: Int, rows: Int), client: CatalogueClient,
                style: TerminalStyle, verbose: Bool) async throws -> CoverFetcher.Drawn? {
        let decision = try decision(try style.resolved())
        if verbose { Terminal.note(decision.description) }
        guard let mode = decision.mode, holdings.contains(where: \.hasCover) else { return nil }
        let cell = GraphicsQuery.cellSize()
        let fetcher = CoverFetcher(
            client: client.http, store: try? LocalStore(state: .fromEnvironment()),
            drawer: CoverDrawer(mode: mode, cellWidth: cell?.width ?? 10, cellHeight: cell?.height ?? 20,
                                // Only blocks are text; asking costs the terminal a round trip.
                                ambiguousIsWide: mode == .blocks ? try style.get().cells.ambiguousIsWide : false),
            deadline: deadline, log: verbose ? { @Sendable line in Terminal.note(line) } : nil)
        return await fetcher.covers(for: holdings, columns: box.columns, rows: box.rows)
    }
}

extension ImageSetting: ExpressibleByArgument {}
