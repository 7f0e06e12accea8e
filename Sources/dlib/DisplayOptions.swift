import ArgumentParser
import DLibKit
import Foundation

/// How every command draws on a terminal: colour, the characters it draws
/// with, and how wide East Asian Ambiguous characters are. Each is a flag,
/// else the environment, else the config file, else decided from the
/// terminal itself.
struct DisplayOptions: ParsableArguments {
    enum ColourChoice: String, ExpressibleByArgument, CaseIterable { case auto, always, never }
    enum AmbiguousChoice: String, ExpressibleByArgument, CaseIterable {
        case auto
        case one = "1"
        case two = "2"
    }

    @Option(name: .customLong("color"), help: ArgumentHelp(
        "auto (colour on a terminal, unless NO_COLOR is set or TERM=dumb), always, or never (no colour, no hyperlinks).",
        valueName: "when"))
    var colour: ColourChoice?

    @Flag(help: "Draw frames, rules, placeholders and bars with ASCII only (also when TERM=dumb or the locale is C).")
    var ascii = false

    @Option(help: ArgumentHelp(
        "How many cells the terminal gives East Asian Ambiguous characters (· … ─ │ ■ ※ °): 1, 2, or auto "
            + "(ask the terminal; 1 off a terminal). Also DLIB_AMBIGUOUS_WIDTH.",
        valueName: "n"))
    var ambiguousWidth: AmbiguousChoice?

    /// What the flags, the environment and the config file decide.
    struct Resolved {
        var colour: ColourChoice
        var ascii: Bool
        var ambiguous: AmbiguousChoice
        var dumb: Bool
        var noColourVariable: Bool
        var language: Language
    }

    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Resolved {
        let lookup = try SettingLookup(environment: environment)
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        let asciiSetting = try lookup.flag(key: "ascii")
        let dumb = environment["TERM"] == "dumb"
        return Resolved(
            colour: try lookup.value(flag: colour, variable: nil, key: "color") ?? .auto,
            ascii: ascii || asciiSetting || dumb || locale == "C" || locale == "POSIX",
            ambiguous: try lookup.value(flag: ambiguousWidth, variable: "DLIB_AMBIGUOUS_WIDTH", key: "ambiguous-width") ?? .auto,
            dumb: dumb,
            noColourVariable: environment["NO_COLOR"].map { !$0.isEmpty } ?? false,
            language: Language.forMessages(environment: environment))
    }

    /// The style for what goes to `fd` (standard output, or standard error
    /// for the progress bar).
    func style(for fd: Int32 = STDOUT_FILENO) throws -> RenderStyle {
        style(for: fd, try resolve())
    }

    func style(for fd: Int32, _ resolved: Resolved) -> RenderStyle {
        let terminal = TerminalSize.isTerminal(fd)
        let colour: Bool
        switch resolved.colour {
        case .always: colour = true
        case .never: colour = false
        case .auto: colour = terminal && !resolved.dumb && !resolved.noColourVariable
        }
        // A hyperlink is an escape too: none under --color never or TERM=dumb.
        let hyperlinks = terminal && !resolved.dumb && resolved.colour != .never
        let wide: Bool
        switch resolved.ambiguous {
        case .one: wide = false
        case .two: wide = true
        case .auto: wide = terminal && !resolved.dumb && AmbiguousWidthProbe.ambiguousIsWide()
        }
        return RenderStyle(width: TerminalSize.width(), colour: colour, hyperlinks: hyperlinks, ambiguousIsWide: wide,
                           ascii: resolved.ascii, language: resolved.language)
    }
}

/// Standard output's style, worked out once a run: the settings are read
/// once, and with `auto` the terminal is asked its ambiguous width at most
/// once, however many printers and cover drawers want to know.
final class TerminalStyle {
    let display: DisplayOptions
    private var settings: DisplayOptions.Resolved?
    private var worked: RenderStyle?

    init(_ display: DisplayOptions) {
        self.display = display
    }

    /// The flags, environment and config file, read once.
    func resolved() throws -> DisplayOptions.Resolved {
        if let settings { return settings }
        let read = try display.resolve()
        settings = read
        return read
    }

    func get() throws -> RenderStyle {
        if let worked { return worked }
        let style = display.style(for: STDOUT_FILENO, try resolved())
        worked = style
        return style
    }
}
