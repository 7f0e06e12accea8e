import Foundation

/// Asks the terminal what it can draw: the kitty graphics query (a 1 × 1
/// RGB picture with `a=q`, which a kitty-speaking terminal answers without
/// showing it), then a primary device-attributes request, which every
/// terminal answers, so there is an end to wait for.
public enum GraphicsQuery {
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"
    /// More than any answer to these two; what a chatty terminal sends beyond is dropped.
    static let answerLimit = 4096

    /// Asks through the controlling terminal (see `TerminalQuery`).
    public static func ask(timeout: Duration = .milliseconds(300)) -> TerminalAnswers? {
        TerminalQuery.ask(query, timeout: timeout, limit: answerLimit, isComplete: TerminalAnswers.isComplete)
            .map(TerminalAnswers.parse)
    }

    /// Asks the terminal on `fd` (a pseudo-terminal in tests).
    public static func ask(fd: Int32, timeout: Duration) -> TerminalAnswers? {
        TerminalQuery.ask(fd: fd, query, timeout: timeout, limit: answerLimit, isComplete: TerminalAnswers.isComplete)
            .map(TerminalAnswers.parse)
    }

    /// One cell's size in pixels, when the terminal reports its pixel size.
    public static func cellSize(fd: Int32 = STDOUT_FILENO) -> (width: Int, height: Int)? {
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel > 0, size.ws_ypixel > 0
        else { return nil }
        return (Int(size.ws_xpixel) / Int(size.ws_col), Int(size.ws_ypixel) / Int(size.ws_row))
    }
}
