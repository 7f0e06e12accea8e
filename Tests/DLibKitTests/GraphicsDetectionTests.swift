import Foundation
import Synchronization
import Testing
@testable import DLibKit

@Suite struct GraphicsDetectionTests {
    typealias Inputs = GraphicsDetection.Inputs

    static let kittyAnswer = TerminalAnswers(kittyGraphics: true, deviceAttributes: [62, 22])
    static let sixelAnswer = TerminalAnswers(kittyGraphics: false, deviceAttributes: [62, 4, 22])
    static let plainAnswer = TerminalAnswers(kittyGraphics: false, deviceAttributes: [62, 22])

    func mode(_ environment: [String: String], answers: TerminalAnswers? = nil, setting: ImageSetting = .auto,
              terminal: Bool = true, ascii: Bool = false, escapes: Bool = true) -> DrawMode? {
        GraphicsDetection.decide(Inputs(setting: setting, environment: environment, isTerminal: terminal, ascii: ascii,
                                        escapes: escapes, answers: answers)).mode
    }

    @Test func autoPicksInTheIssuesOrder() {
        let truecolor = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]
        #expect(mode(truecolor, answers: Self.kittyAnswer) == .kitty)
        #expect(mode(truecolor.merging(["TERM_PROGRAM": "iTerm.app"]) { $1 }, answers: Self.sixelAnswer) == .iterm)
        #expect(mode(["TERM": "xterm", "LC_TERMINAL": "iTerm2"]) == .iterm)
        #expect(mode(truecolor, answers: Self.sixelAnswer) == .sixel)
        #expect(mode(truecolor, answers: Self.plainAnswer) == .blocks)
        #expect(mode(["TERM": "xterm", "COLORTERM": "24bit"]) == .blocks)
        #expect(mode(["TERM": "xterm-256color"], answers: Self.plainAnswer) == nil)
        // Kitty answering beats iTerm2's variables (WezTerm sets both).
        #expect(mode(["TERM_PROGRAM": "iTerm.app"], answers: Self.kittyAnswer) == .kitty)
    }

    @Test func nothingIsDrawnWhereTodaysOutputMustStay() {
        let everything = ["TERM": "xterm-kitty", "COLORTERM": "truecolor"]
        for setting in ImageSetting.allCases {
            #expect(mode(everything, answers: Self.kittyAnswer, setting: setting, terminal: false) == nil)
            #expect(mode(["TERM": "dumb", "COLORTERM": "truecolor"], answers: Self.kittyAnswer, setting: setting) == nil)
            #expect(mode(everything, answers: Self.kittyAnswer, setting: setting, ascii: true) == nil)
            #expect(mode(everything, answers: Self.kittyAnswer, setting: setting, escapes: false) == nil, "--color never")
        }
        #expect(mode(everything, answers: Self.kittyAnswer, setting: .none) == nil)
        #expect(mode(["COLORTERM": "truecolor", "NO_COLOR": "1"]) == nil)
        #expect(mode(["NO_COLOR": "1"], setting: .blocks) == nil)
        // NO_COLOR is about colour in text; a picture protocol still draws.
        #expect(mode(["NO_COLOR": "1"], answers: Self.kittyAnswer) == .kitty)
    }

    @Test func multiplexersGetNoPixelProtocol() {
        let inTmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0", "COLORTERM": "truecolor"]
        #expect(!GraphicsDetection.shouldQuery(Inputs(setting: .auto, environment: inTmux, isTerminal: true)))
        #expect(mode(inTmux, answers: Self.kittyAnswer) == .blocks)
        #expect(mode(["TERM": "screen", "TERM_PROGRAM": "iTerm.app"]) == nil)
    }

    @Test func explicitSettingsAreTakenOnATerminal() {
        #expect(mode([:], setting: .kitty) == .kitty)
        #expect(mode([:], setting: .sixel) == .sixel)
        #expect(mode([:], setting: .iterm) == .iterm)
        #expect(mode([:], setting: .blocks) == .blocks)
        #expect(!GraphicsDetection.shouldQuery(Inputs(setting: .kitty, environment: [:], isTerminal: true)))
    }

    @Test func answersAreParsedOutOfWhateverArrives() {
        let both = TerminalAnswers.parse(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22c".utf8))
        #expect(both == TerminalAnswers(kittyGraphics: true, deviceAttributes: [62, 4, 22]))
        let error = TerminalAnswers.parse(Array("\u{1B}_Gi=31;ENOTSUPPORTED\u{1B}\\\u{1B}[?1;2c".utf8))
        #expect(error == TerminalAnswers(kittyGraphics: false, deviceAttributes: [1, 2]))
        #expect(TerminalAnswers.parse(Array("garbage".utf8)).deviceAttributes == nil)
        #expect(TerminalAnswers.parse(Array("\u{1B}[?6x;2c".utf8)).deviceAttributes == nil)
    }

    @Test func theDecisionSaysWhy() {
        let decision = GraphicsDetection.decide(Inputs(setting: .auto, environment: [:], isTerminal: true, answers: Self.kittyAnswer))
        #expect(decision.description == "images: kitty (the terminal answered the kitty graphics query)")
    }
}

/// The query over a real pseudo-terminal: a fake terminal on the master
/// side answers as kitty, as a sixel terminal, or not at all.
@Suite struct GraphicsQueryTests {
    enum Behaviour { case kitty, sixel, silent }

    func askFake(_ behaviour: Behaviour) throws -> (TerminalAnswers?, [UInt8]) {
        var master: Int32 = -1
        var slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer { close(master); close(slave) }
        let heard = FakeTerminal(master: master, behaviour: behaviour)
        let thread = Thread { heard.serve() }
        thread.start()
        let answers = GraphicsQuery.ask(fd: slave, timeout: .milliseconds(behaviour == .silent ? 100 : 5000))
        heard.stop()
        return (answers, heard.received)
    }

    @Test func kittyTerminal() throws {
        let (answers, heard) = try askFake(.kitty)
        #expect(answers == TerminalAnswers(kittyGraphics: true, deviceAttributes: [62, 22]))
        #expect(String(decoding: heard, as: UTF8.self).hasPrefix("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"))
    }

    @Test func sixelTerminal() throws {
        let (answers, _) = try askFake(.sixel)
        #expect(answers == TerminalAnswers(kittyGraphics: false, deviceAttributes: [64, 4, 22]))
        let decision = GraphicsDetection.decide(.init(setting: .auto, environment: ["TERM": "foot"], isTerminal: true, answers: answers))
        #expect(decision.mode == .sixel)
    }

    @Test func silentTerminalGivesNoAnswerAndNoHang() throws {
        let (answers, heard) = try askFake(.silent)
        #expect(answers == nil)
        #expect(!heard.isEmpty)
    }
}

/// The master side of a pty, answering the queries it reads.
final class FakeTerminal: Sendable {
    let master: Int32
    let behaviour: GraphicsQueryTests.Behaviour
    private let state = Mutex((bytes: [UInt8](), stopping: false))
    private let done = DispatchSemaphore(value: 0)

    init(master: Int32, behaviour: GraphicsQueryTests.Behaviour) {
        self.master = master
        self.behaviour = behaviour
    }

    var received: [UInt8] { state.withLock { $0.bytes } }

    func serve() {
        defer { done.signal() }
        var answered = false
        var buffer = [UInt8](repeating: 0, count: 512)
        while !state.withLock({ $0.stopping }) {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 20) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            state.withLock { $0.bytes += buffer[0..<count] }
            let text = String(decoding: received, as: UTF8.self)
            guard !answered, text.contains("\u{1B}[c") else { continue }
            answered = true
            let reply: String
            switch behaviour {
            case .kitty: reply = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c"
            case .sixel: reply = "\u{1B}[?64;4;22c"
            case .silent: continue
            }
            _ = Array(reply.utf8).withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }
    }

    func stop() {
        state.withLock { $0.stopping = true }
        done.wait()
    }
}
