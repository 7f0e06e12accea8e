import Foundation
import SampleServer
import Testing

/// Covers end to end: the built dlib on a pseudo-terminal (`PseudoTerminal`,
/// playing a terminal that answers the graphics queries as kitty, as a
/// sixel terminal, or not at all) against the sample server's covers.
@Suite struct CoverTests {
    enum Terminal: String { case kitty, sixel, silent }

    /// Runs dlib on a pty (see `PseudoTerminal`) whose terminal answers the
    /// device-attributes request as `terminal` says; `stdout` is everything
    /// the pty showed.
    func onTerminal(_ box: Sandbox, _ terminal: Terminal, _ arguments: [String], environment: [String: String] = [:]) throws
        -> DLibProcess.Result {
        let process = box.dlib(extra: ["TERM": "xterm-256color"].merging(environment) { $1 })
        let answers: [(String, String)] = switch terminal {
        case .kitty: [("\\e[c", "\\e_Gi=31;OK\\e\\\\\\e[?62;22c")]
        case .sixel: [("\\e[c", "\\e[?64;4;22c")]
        case .silent: []
        }
        let result = try PseudoTerminal(environment: process.environment, answers: answers).run(arguments)
        return DLibProcess.Result(status: Int32(result.status), stdout: result.output, stderr: "")
    }

    static let grid = ["list", "--format", "grid", "--page-size", "6"]

    func sandbox(_ covers: [SampleCover] = SampleCover.pictures, coverLatency: Duration = .zero) throws -> Sandbox {
        try Sandbox(options: .init(covers: covers, coverLatency: coverLatency))
    }

    @Test func kittyAnsweringTerminalGetsKittyPictures() throws {
        let box = try sandbox()
        let result = try onTerminal(box, .kitty, Self.grid + ["--verbose"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("images: kitty (the terminal answered the kitty graphics query)"))
        #expect(result.stdout.contains("\u{1B}_Ga=T,f=32,"))
        #expect(box.server.coverRequests > 0)
    }

    @Test func sixelTerminalGetsSixels() throws {
        let box = try sandbox()
        let result = try onTerminal(box, .sixel, Self.grid + ["--verbose"])
        #expect(result.stdout.contains("images: sixel"))
        #expect(result.stdout.contains("\u{1B}P0;1;0q"))
    }

    @Test func silentTerminalWithTruecolourGetsBlocksAndWithoutGetsNone() throws {
        let box = try sandbox()
        let blocks = try onTerminal(box, .silent, Self.grid + ["--verbose"], environment: ["COLORTERM": "truecolor"])
        #expect(blocks.stdout.contains("images: blocks (COLORTERM=truecolor)"))
        #expect(blocks.stdout.contains("\u{1B}[38;2;"))
        let none = try onTerminal(box, .silent, Self.grid + ["--verbose"])
        #expect(none.stdout.contains("images: none"))
        #expect(!none.stdout.contains("\u{1B}[38;2;"))
    }

    /// A pipe and TERM=dumb print exactly what they printed before covers,
    /// and ask for no cover.
    @Test func pipeAndDumbTerminalPrintTodaysOutput() throws {
        let box = try sandbox()
        let before = try Sandbox()
        let plain = try before.dlib().run(Self.grid + ["--images", "none"])
        #expect(plain.stdout.contains("page 1 of"))
        let piped = try box.dlib(extra: ["COLORTERM": "truecolor"]).run(Self.grid + ["--images", "kitty"])
        #expect(piped.stdout == plain.stdout)
        let dumbNone = try onTerminal(box, .kitty, Self.grid + ["--images", "none"], environment: ["TERM": "dumb"])
        let dumb = try onTerminal(box, .kitty, Self.grid, environment: ["TERM": "dumb", "COLORTERM": "truecolor"])
        #expect(dumb.stdout == dumbNone.stdout)
        #expect(box.server.coverRequests == 0)
    }

    /// `--ascii` (or a C locale) draws no picture, whatever --images says.
    @Test func asciiDrawsNoPicture() throws {
        let box = try sandbox()
        for extra in [["--ascii"], []] {
            // Python would turn a C locale into C.UTF-8 for the child (PEP 538) unless told not to.
            let environment = extra.isEmpty ? ["LANG": "C", "PYTHONCOERCECLOCALE": "0"] : [:]
            let result = try onTerminal(box, .kitty, Self.grid + ["--images", "blocks", "--verbose"] + extra, environment: environment)
            #expect(result.status == 0)
            #expect(result.stdout.contains("images: none (--ascii)"))
            #expect(!result.stdout.contains("\u{1B}[38;2;"))
        }
        #expect(box.server.coverRequests == 0)
    }

    /// Paging back makes no second cover request: the cache answers.
    @Test func secondViewOfAPageAsksForNoCover() throws {
        let box = try sandbox()
        let first = try onTerminal(box, .silent, Self.grid + ["--images", "blocks"])
        #expect(first.status == 0)
        let asked = box.server.coverRequests
        #expect(asked > 0)
        let second = try onTerminal(box, .silent, Self.grid + ["--images", "blocks", "--verbose"])
        #expect(box.server.coverRequests == asked)
        #expect(second.stdout.contains("cover cache hit"))
        #expect(second.stdout.contains("\u{1B}[38;2;"))
    }

    /// Every bad kind at once: the page is shown, each bad cover keeps its
    /// placeholder mark, and no server text reaches the terminal.
    @Test func badCoversEndAsPlaceholders() throws {
        let box = try sandbox(SampleCover.bad)
        let result = try onTerminal(box, .silent, ["list", "--format", "grid", "--page-size", "30", "--images", "blocks", "--verbose"])
        #expect(result.status == 0)
        #expect(box.server.coverRequests >= SampleCover.bad.count)
        #expect(!result.stdout.contains("\u{1B}[38;2;"), "no cover drawn")
        #expect(!result.stdout.contains("pwned") && !result.stdout.contains("RED") && !result.stdout.contains("502 Bad Gateway"))
        #expect(result.stdout.contains("▣ cover"))
        for refusal in ["notAnImage", "tooLarge", "tooSmall", "corrupt", "empty", "HTTP 404", "larger than 4 MiB"] {
            #expect(result.stdout.contains(refusal), "\(refusal) is said with --verbose")
        }
    }

    /// A cover later than --cover-timeout gets the placeholder; the page is shown.
    @Test func lateCoversGetThePlaceholder() throws {
        let box = try sandbox(coverLatency: .seconds(5))
        let result = try onTerminal(box, .silent, Self.grid + ["--images", "blocks", "--cover-timeout", "0.2", "--verbose"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("▣ cover"))
        #expect(!result.stdout.contains("\u{1B}[38;2;"))
        #expect(result.stdout.contains("cover late") || result.stdout.contains("not fetched in time"))
    }

    /// Both dialects send covers: Pyxis' relative thumbnails too.
    @Test func pyxisCoversAreDrawn() throws {
        let box = try Sandbox(options: .init(dialect: .pyxis, covers: SampleCover.pictures))
        let result = try onTerminal(box, .silent, Self.grid + ["--images", "blocks", "--verbose"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("/attachments/biblio/thumbnails/"))
        #expect(result.stdout.contains("\u{1B}[38;2;"))
    }

    @Test func searchDrawsCoversToo() throws {
        let box = try sandbox()
        let term = try #require(box.records.first { $0.fields["coverUrl"] != nil }?.fields["title"]?.split(separator: " ").first)
        let result = try onTerminal(box, .silent, ["search", String(term), "--format", "grid", "--images", "blocks"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\u{1B}[38;2;"))
    }

    @Test func showDrawsTheCoverLarger() throws {
        let box = try sandbox()
        _ = try box.dlib().run("list", "--format", "tsv")
        let id = try #require(box.records.first { $0.fields["coverUrl"] != nil }?.controlNo)
        let result = try onTerminal(box, .silent, ["show", id, "--images", "blocks", "--offline"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("\u{1B}[38;2;"), "--offline asks for no cover")
        let drawn = try onTerminal(box, .silent, ["show", id, "--images", "blocks"])
        #expect(drawn.stdout.contains("\u{1B}[38;2;"))
    }

    @Test func doctorSaysHowCoversWouldBeDrawn() throws {
        let box = try sandbox()
        let kitty = try onTerminal(box, .kitty, ["doctor"])
        #expect(kitty.stdout.contains("images     kitty   (the terminal answered the kitty graphics query)"))
        let piped = try box.dlib().run("doctor")
        #expect(piped.stdout.contains("images     none   (standard output is not a terminal)"))
        let configured = try onTerminal(box, .silent, ["doctor"], environment: ["DLIB_IMAGES": "sixel"])
        #expect(configured.stdout.contains("images     sixel   (asked for)"))
    }
}
