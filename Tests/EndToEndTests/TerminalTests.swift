import DLibKit
import Foundation
import SampleServer
import Testing

/// dlib on a terminal (a pseudo-terminal that plays one): how wide
/// ambiguous characters are, colour and escapes, and the questions it asks.
@Suite struct TerminalTests {
    /// What the terminal shows once the escapes dlib adds (colour, links)
    /// are taken out, after the ambiguous-width probe, if any.
    static func visible(_ output: String) -> String {
        let afterProbe = output.range(of: "\r  \r").map { String(output[$0.upperBound...]) } ?? output
        return PrinterPropertyScreen.visible(afterProbe)
    }

    func terminal(_ box: Sandbox, term: String = "xterm-256color", extra: [String: String] = [:],
                  answers: [(String, String)] = [], typing: [(String, String)] = []) -> PseudoTerminal {
        var environment = box.dlib(extra: extra).environment
        environment["TERM"] = term
        environment["COLUMNS"] = "80"
        return PseudoTerminal(environment: environment, columns: 80, answers: answers, typing: typing)
    }

    @Test(arguments: [("\\e[1;3R", "2"), ("\\e[12;2R", "1")])
    func theAmbiguousWidthIsAskedOfTheTerminal(answer: String, width: String) throws {
        let box = try Sandbox()
        let onTerminal = try terminal(box, answers: [("\\e[6n", answer)]).run(["list", "--format", "table", "--color", "never"])
        #expect(onTerminal.status == 0)
        #expect(onTerminal.output.hasPrefix("\r\u{25BD}\u{1B}[6n\r  \r"), "one ambiguous character, the question, then blanks over it")
        let expected = try box.dlib(extra: ["COLUMNS": "80"]).run("list", "--format", "table", "--ambiguous-width", width, "--page", "1")
        #expect(Self.visible(onTerminal.output) == expected.stdout)
    }

    @Test func aTerminalThatDoesNotAnswerMeansOneCell() throws {
        let box = try Sandbox()
        let onTerminal = try terminal(box).run(["list", "--format", "table", "--color", "never"])
        #expect(onTerminal.status == 0)
        let expected = try box.dlib(extra: ["COLUMNS": "80"]).run("list", "--format", "table", "--ambiguous-width", "1", "--page", "1")
        #expect(Self.visible(onTerminal.output) == expected.stdout)
    }

    @Test func twoCellsTakeFewerRuleCharactersThanOne() throws {
        let box = try Sandbox()
        let one = try box.dlib().run("list", "--format", "table", "--ambiguous-width", "1").stdout
        let two = try box.dlib(extra: ["DLIB_AMBIGUOUS_WIDTH": "2"]).run("list", "--format", "table", "--page", "1").stdout
        func rules(_ text: String) -> Int { text.split(separator: "\n")[1].filter { $0 == "─" }.count }
        #expect(rules(two) * 2 <= rules(one) && rules(two) * 2 >= rules(one) - 8, "each rule character is two cells")
        let style = RenderStyle(width: 132, ambiguousIsWide: true)
        #expect(two.split(separator: "\n").allSatisfy { style.cells.of(String($0)) <= 132 })
    }

    @Test func underTermDumbNoEscapeIsWrittenAtAll() throws {
        let box = try Sandbox()
        let out = box.stateDir + "-dumb.csv"
        defer { try? FileManager.default.removeItem(atPath: out) }
        for arguments in [["list", "--format", "table"], ["list", "--next", "--format", "grid"], ["export", "-o", out]] {
            let run = try terminal(box, term: "dumb").run(arguments)
            #expect(run.status == 0, "\(arguments)")
            #expect(!run.output.contains("\u{1B}"), "\(arguments): \(run.output.debugDescription.prefix(200))")
            #expect(!run.output.contains("─") && !run.output.contains("░") && !run.output.contains("█"), "ASCII only: \(arguments)")
        }
    }

    @Test func noColorKeepsLinksButNotColourAndColorNeverKeepsNeither() throws {
        let box = try Sandbox()
        let noColour = try terminal(box, extra: ["NO_COLOR": "1"]).run(["list", "--format", "table", "--ambiguous-width", "1"])
        #expect(!noColour.output.contains("\u{1B}[1m") && !noColour.output.contains("\u{1B}[2m"))
        #expect(noColour.output.contains("\u{1B}]8;;"), "hyperlinks are not colour")
        let never = try terminal(box).run(["list", "--format", "table", "--color", "never", "--ambiguous-width", "1"])
        #expect(!never.output.contains("\u{1B}"))
        let plain = try terminal(box).run(["list", "--format", "table", "--ambiguous-width", "1"])
        #expect(plain.output.contains("\u{1B}[1m"), "bold headers on a terminal by default")
    }

    @Test func savedClearAsksOnATerminal() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        _ = try dlib.run("list")
        let ids = box.ids(page: 1).prefix(2).map { $0 }
        #expect(try dlib.run(["saved", "add"] + ids).status == 0)
        let declined = try terminal(box, typing: [("[y/N] ", "n\\r")]).run(["saved", "clear"])
        #expect(declined.output.contains("Remove all 2 saved holdings? [y/N]"))
        #expect(declined.output.contains("dlib: nothing removed"))
        #expect(try dlib.run("saved", "list", "--format", "tsv").stdout.firstColumnIds == ids.reversed())
        let accepted = try terminal(box, typing: [("[y/N] ", "y\\r")]).run(["saved", "clear"])
        #expect(accepted.output.contains("dlib: cleared the saved list (2 holdings removed)"))
        #expect(try dlib.run("saved", "list", "--format", "tsv").stdout.firstColumnIds.isEmpty)
    }

    @Test func diffIsColouredOnATerminal() throws {
        let box = try Sandbox()
        let csv = try CSVFolder()
        let folder = csv.path
        func write(_ name: String, _ holdings: [Holding]) throws { try csv.write(name, holdings) }
        try write("old.csv", [Holding(controlNo: "A1", title: "Kept"), Holding(controlNo: "A2", title: "Gone")])
        try write("new.csv", [Holding(controlNo: "A1", title: "Kept", author: "New author"), Holding(controlNo: "A3", title: "Fresh")])
        let run = try terminal(box).run(["diff", folder + "/old.csv", folder + "/new.csv", "--ambiguous-width", "1"])
        #expect(run.output.contains("\u{1B}[32m+ A3  Fresh\u{1B}[39m"))
        #expect(run.output.contains("\u{1B}[31m- A2  Gone\u{1B}[39m"))
        #expect(run.output.contains("\u{1B}[33m    author: — → New author\u{1B}[39m"))
    }
}

/// The escapes a printer adds, taken out (CSI and OSC sequences).
enum PrinterPropertyScreen {
    static func visible(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else { out.append(scalar); continue }
            if scalars.first == "[" {
                scalars.removeFirst()
                while let next = scalars.popFirst(), !(0x40...0x7E).contains(next.value) {}
            } else if scalars.first == "]" {
                while let next = scalars.popFirst() {
                    if next == "\u{1B}", scalars.first == "\\" { scalars.removeFirst(); break }
                }
            }
        }
        return String(out)
    }
}
