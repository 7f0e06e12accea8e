import Foundation

/// Asks the terminal what it can draw: the kitty graphics query (a 1 × 1
/// RGB picture with `a=q`, which a kitty-speaking terminal answers without
/// showing it), then a primary device-attributes request, which every
/// terminal answers, so there is an end to wait for. Reads in raw mode with
/// a short deadline and restores the terminal's settings; a terminal that
/// answers nothing costs the deadline, never a hang.
public enum GraphicsQuery {
    static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"
    /// More than any answer to these two; what a chatty terminal sends beyond is dropped.
    static let answerLimit = 4096

    /// Asks through the controlling terminal (/dev/tty), only from the
    /// foreground: a background job that read or set it would be stopped.
    public static func ask(timeout: Duration = .milliseconds(300)) -> TerminalAnswers? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard tcgetpgrp(fd) == getpgrp() else { return nil }
        return ask(fd: fd, timeout: timeout)
    }

    /// Asks the terminal on `fd` (a pseudo-terminal in tests).
    public static func ask(fd: Int32, timeout: Duration) -> TerminalAnswers? {
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        defer { tcsetattr(fd, TCSANOW, &saved) }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        let bytes = Array(query.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else { return nil }

        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while received.count < answerLimit, !TerminalAnswers.isComplete(received) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        guard !received.isEmpty else { return nil }
        return TerminalAnswers.parse(received)
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
