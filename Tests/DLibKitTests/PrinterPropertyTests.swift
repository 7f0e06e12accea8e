import Testing
@testable import DLibKit

/// Generated holdings full of awkward text, rendered by every printer at
/// many widths: no line may be wider than the width, and nothing from the
/// data may reach the terminal as a control or bidi character.
@Suite struct PrinterPropertyTests {
    /// Scalars a catalogue value may hold, the awkward ones over-represented.
    static let pool: [Unicode.Scalar] = Array("aZ 0,.\"'&<>-".unicodeScalars)
        + Array("기후변화생태ㄱㅎ生物多様性ＡＢＣｘｙｚ".unicodeScalars)
        + ["\u{1F30F}", "\u{1F469}", "\u{200D}", "\u{1F1F0}", "\u{1F1F7}", "\u{2764}", "\u{FE0F}"]
        + ["\u{301}", "\u{302}", "\u{200B}", "\u{FEFF}", "\u{3000}", "\u{A0}"]
        + ["\n", "\t", "\r", "\u{1B}", "\u{7}", "\u{7F}", "\u{85}", "\u{9B}", "\u{2028}"]
        + ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"]

    static let forbidden: Set<UInt32> = Set(Array(0x00...0x1F) + Array(0x7F...0x9F) + Array(0x202A...0x202E) + Array(0x2066...0x2069))

    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state >> 33
        }
        mutating func text(maxLength: Int) -> String? {
            let length = Int(next() % UInt64(maxLength + 1))
            if length == 0 && next() % 2 == 0 { return nil }
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(PrinterPropertyTests.pool[Int(next() % UInt64(PrinterPropertyTests.pool.count))]) }
            return String(scalars)
        }
    }

    /// The visible text of a line: escapes the printers add are taken out.
    static func visible(_ line: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else { out.append(scalar); continue }
            if scalars.first == "[" { // CSI … final byte
                while let next = scalars.popFirst(), !(0x40...0x7E).contains(next.value) || next == "[" {}
            } else if scalars.first == "]" { // OSC … ST
                while let next = scalars.popFirst() {
                    if next == "\u{1B}", scalars.first == "\\" { scalars.removeFirst(); break }
                }
            }
        }
        return String(out)
    }

    func check(_ output: String, width: Int, _ what: String, cells: DisplayWidth = .standard) {
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = Self.visible(String(line))
            #expect(cells.of(text) <= width, "\(what) at \(width): \(text.debugDescription)")
            #expect(!text.unicodeScalars.contains { Self.forbidden.contains($0.value) }, "\(what): \(text.debugDescription)")
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func noLineIsWiderThanTheWidth(seed: UInt64) {
        var generator = Generator(state: seed)
        for round in 0..<6 {
            let holdings = (0..<12).map { index in
                Holding(
                    controlNo: "MOE\(seed)\(round)\(index)" + (generator.text(maxLength: 4) ?? ""),
                    title: generator.text(maxLength: 120), author: generator.text(maxLength: 30),
                    publisher: generator.text(maxLength: 30), pubYear: generator.text(maxLength: 6),
                    isbn: generator.text(maxLength: 14), callNo: generator.text(maxLength: 14),
                    materialType: generator.text(maxLength: 8), location: generator.text(maxLength: 20),
                    regDate: generator.text(maxLength: 10), coverUrl: generator.next() % 3 == 0 ? nil : generator.text(maxLength: 60),
                    availability: generator.text(maxLength: 12),
                    copies: (0..<Int(generator.next() % 3)).map { _ in Copy(location: generator.text(maxLength: 10), availability: generator.text(maxLength: 8)) })
            }
            let page = Page(holdings: holdings, pageNo: Int(generator.next() % 900) + 1, pageSize: 12, totalCount: Int(generator.next() % 100_000))
            let width = 40 + Int(generator.next() % 120)
            for style in [RenderStyle(width: width), RenderStyle(width: width, colour: true, hyperlinks: true),
                          RenderStyle(width: width, ambiguousIsWide: true), RenderStyle(width: width, ascii: true)] {
                check(TablePrinter(style: style).render(page), width: width, "table", cells: style.cells)
                check(GridPrinter(style: style).render(page), width: width, "grid", cells: style.cells)
                check(GridPrinter(style: style, columns: [.title, .availability, .callNo]).render(page), width: width, "grid", cells: style.cells)
                for holding in holdings {
                    check(DetailPrinter(style: style).render(holding), width: width, "detail", cells: style.cells)
                }
            }
        }
    }

    @Test func truncationNeverSplitsAClusterOrAWideCharacter() {
        let text = "e\u{301}기👩‍👩‍👧ＡＢ🇰🇷"
        for width in 1...14 {
            let cut = DisplayWidth.standard.truncate(text, to: width)
            #expect(DisplayWidth.standard.of(cut) <= width)
            // Every character kept is one of the original's, whole.
            let kept = cut.hasSuffix("…") ? String(cut.dropLast()) : cut
            #expect(text.hasPrefix(kept), "\(width): \(cut)")
        }
        #expect(DisplayWidth.standard.truncate(text, to: 4) == "é기…")
    }

    @Test func widthsInCells() {
        #expect(DisplayWidth.standard.of("abc") == 3)
        #expect(DisplayWidth.standard.of("기후") == 4)
        #expect(DisplayWidth.standard.of("ＡＢ") == 4)
        #expect(DisplayWidth.standard.of("e\u{301}") == 1)
        #expect(DisplayWidth.standard.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.standard.of("🌏") == 2)
        #expect(DisplayWidth.standard.of("👩‍👩‍👧") == 2)
        #expect(DisplayWidth.standard.of("❤️") == 2)
    }

    @Test func sanitiserRemovesWhatCouldSteerTheTerminal() {
        #expect(Sanitiser.clean("a\u{1B}[31mb") == "a[31mb")
        #expect(Sanitiser.clean("x\u{202E}y\u{2066}z") == "xyz")
        #expect(Sanitiser.clean("line\none\ttab") == "line one tab")
        #expect(Sanitiser.clean("c1\u{85}\u{9B}") == "c1")
        #expect(Sanitiser.clean("기후 🌏") == "기후 🌏")
    }
}
