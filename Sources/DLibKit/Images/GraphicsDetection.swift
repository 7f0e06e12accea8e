/// Which way, if any, covers are drawn on this terminal: one decision from
/// values the caller gathers (the environment, whether standard output is
/// a terminal, `--ascii`, and what the terminal answered to the queries of
/// `GraphicsQuery`), so it is tested without a terminal and another flag
/// can feed it.
public enum GraphicsDetection {
    public struct Inputs: Sendable {
        public var setting: ImageSetting
        public var environment: [String: String]
        /// Standard output is a terminal.
        public var isTerminal: Bool
        /// `--ascii`: nothing but ASCII is written.
        public var ascii: Bool
        /// false under `--color never`: no escape sequence is written.
        public var escapes: Bool
        /// What the terminal answered; nil when it was not asked or said nothing.
        public var answers: TerminalAnswers?

        public init(setting: ImageSetting, environment: [String: String], isTerminal: Bool, ascii: Bool = false,
                    escapes: Bool = true, answers: TerminalAnswers? = nil) {
            self.setting = setting
            self.environment = environment
            self.isTerminal = isTerminal
            self.ascii = ascii
            self.escapes = escapes
            self.answers = answers
        }
    }

    public struct Decision: Sendable, Equatable, CustomStringConvertible {
        /// nil: the placeholder, as before covers were drawn.
        public var mode: DrawMode?
        /// Why, in words for `--verbose` and `dlib doctor`.
        public var reason: String

        public var description: String { "images: \(mode?.rawValue ?? "none") (\(reason))" }
    }

    /// Whether the terminal should be asked before `decide`: only for
    /// `auto`, on a terminal that may draw pictures at all.
    public static func shouldQuery(_ inputs: Inputs) -> Bool {
        inputs.setting == .auto && refusal(inputs) == nil && multiplexer(inputs.environment) == nil
    }

    public static func decide(_ inputs: Inputs) -> Decision {
        if let reason = refusal(inputs) { return Decision(mode: nil, reason: reason) }
        let environment = inputs.environment
        let noColour = !(environment["NO_COLOR"] ?? "").isEmpty
        switch inputs.setting {
        case .none:
            return Decision(mode: nil, reason: "--images none")
        case .kitty, .iterm, .sixel:
            let mode = DrawMode(rawValue: inputs.setting.rawValue) ?? .blocks
            return Decision(mode: mode, reason: "asked for")
        case .blocks:
            return noColour ? Decision(mode: nil, reason: "NO_COLOR is set") : Decision(mode: .blocks, reason: "asked for")
        case .auto:
            break
        }
        var passedOver: String?
        if let multiplexer = multiplexer(environment) {
            passedOver = "inside \(multiplexer), which does not pass pictures through"
        } else {
            if inputs.answers?.kittyGraphics == true {
                return Decision(mode: .kitty, reason: "the terminal answered the kitty graphics query")
            }
            if environment["TERM_PROGRAM"] == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" {
                return Decision(mode: .iterm, reason: "TERM_PROGRAM or LC_TERMINAL names iTerm2")
            }
            if inputs.answers?.deviceAttributes?.contains(4) == true {
                return Decision(mode: .sixel, reason: "the terminal's device attributes list sixel (4)")
            }
        }
        let colourTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colourTerm == "truecolor" || colourTerm == "24bit" {
            if noColour { return Decision(mode: nil, reason: "NO_COLOR is set") }
            let why = "COLORTERM=\(colourTerm)"
            return Decision(mode: .blocks, reason: passedOver.map { "\($0); \(why)" } ?? why)
        }
        return Decision(mode: nil, reason: passedOver ?? "no graphics protocol answered and no 24-bit colour")
    }

    /// Why nothing may be drawn whatever was asked for, if so.
    static func refusal(_ inputs: Inputs) -> String? {
        if !inputs.isTerminal { return "standard output is not a terminal" }
        if inputs.environment["TERM"] == "dumb" { return "TERM=dumb" }
        if inputs.ascii { return "--ascii" }
        if !inputs.escapes { return "--color never" }
        return nil
    }

    /// tmux or screen, which swallow graphics escapes unless told otherwise.
    static func multiplexer(_ environment: [String: String]) -> String? {
        let term = environment["TERM"] ?? ""
        if !(environment["TMUX"] ?? "").isEmpty || term.hasPrefix("tmux") { return "tmux" }
        if !(environment["STY"] ?? "").isEmpty || term.hasPrefix("screen") { return "screen" }
        return nil
    }
}

/// What a terminal said back to the kitty graphics query and the primary
/// device attributes request.
public struct TerminalAnswers: Sendable, Equatable {
    /// `ESC_Gi=31;OK ESC\` came back.
    public var kittyGraphics: Bool
    /// The numbers of `ESC[?…c`; nil when the terminal sent none.
    public var deviceAttributes: [Int]?

    public init(kittyGraphics: Bool, deviceAttributes: [Int]?) {
        self.kittyGraphics = kittyGraphics
        self.deviceAttributes = deviceAttributes
    }

    /// Reads both answers out of whatever bytes arrived (in any order,
    /// with anything else mixed in); unparsable parts are ignored.
    public static func parse(_ bytes: [UInt8]) -> TerminalAnswers {
        let text = String(decoding: bytes, as: UTF8.self)
        let kitty = text.contains("\u{1B}_Gi=31;OK")
        var attributes: [Int]?
        if let start = text.range(of: "\u{1B}[?") {
            let rest = text[start.upperBound...]
            if let end = rest.firstIndex(of: "c") {
                let fields = rest[..<end]
                if fields.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) {
                    attributes = fields.split(separator: ";").compactMap { Int($0) }
                }
            }
        }
        return TerminalAnswers(kittyGraphics: kitty, deviceAttributes: attributes)
    }

    /// The device attributes reply, the last thing a terminal answers.
    static func isComplete(_ bytes: [UInt8]) -> Bool {
        parse(bytes).deviceAttributes != nil
    }
}
