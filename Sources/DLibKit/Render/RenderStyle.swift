import Foundation

/// What the printers may use: a width in cells, and on a terminal, colour
/// and OSC 8 hyperlinks. Off a terminal, plain text only.
public struct RenderStyle: Sendable, Equatable {
    public var width: Int
    public var colour: Bool
    public var hyperlinks: Bool

    public init(width: Int, colour: Bool = false, hyperlinks: Bool = false) {
        self.width = max(width, TerminalSize.minimumWidth)
        self.colour = colour
        self.hyperlinks = hyperlinks
    }

    public static func plain(width: Int) -> RenderStyle { RenderStyle(width: width) }

    /// For standard output: colour only on a terminal and only when
    /// NO_COLOR is unset; hyperlinks only on a terminal.
    public static func forStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> RenderStyle {
        let terminal = TerminalSize.isTerminal(STDOUT_FILENO)
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return RenderStyle(
            width: TerminalSize.width(environment: environment),
            colour: terminal && !noColour && environment["TERM"] != "dumb",
            hyperlinks: terminal && environment["TERM"] != "dumb")
    }

    // The escapes are added after text is fitted, so they never count
    // towards a width.

    func bold(_ text: String) -> String { colour ? "\u{1B}[1m\(text)\u{1B}[22m" : text }
    func dim(_ text: String) -> String { colour ? "\u{1B}[2m\(text)\u{1B}[22m" : text }

    /// An OSC 8 hyperlink around `text`, when the terminal gets them.
    func link(_ text: String, to url: String?) -> String {
        guard hyperlinks, let url else { return text }
        // The URL goes inside an escape sequence: only printable ASCII may.
        let safe = String(url.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F })
        guard !safe.isEmpty else { return text }
        return "\u{1B}]8;;\(safe)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
    }
}
