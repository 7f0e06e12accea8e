import Foundation

/// How wide the output may be: `COLUMNS` when set, else the terminal's
/// size, else 80. Never below 40, the narrowest width the printers support.
public enum TerminalSize {
    public static let minimumWidth = 40

    public static func width(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
            return max(columns, minimumWidth)
        }
        var size = winsize()
        for fd in [STDOUT_FILENO, STDERR_FILENO, STDIN_FILENO] where ioctl(fd, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 {
            return max(Int(size.ws_col), minimumWidth)
        }
        return 80
    }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
}
