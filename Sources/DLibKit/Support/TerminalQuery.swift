import Foundation

/// Asks the terminal something and reads its answer: the controlling
/// terminal (`/dev/tty`) is put in raw mode, the query written, the answer
/// read until its final byte or a short timeout, and the terminal's mode
/// restored whatever happens. A terminal that does not answer costs the
/// timeout and nothing else; no query is ever made off a terminal.
public enum TerminalQuery {
    /// The bytes the terminal answered `query` with, up to and including
    /// the first byte `isEnd` accepts; nil when there is no terminal or no
    /// complete answer within `timeout`.
    public static func ask(_ query: String, timeout: Duration = .milliseconds(200), cleanup: String = "",
                           isEnd: (UInt8) -> Bool) -> [UInt8]? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        // No line editing, no echo: the answer arrives byte by byte and
        // never shows on the screen. poll(2) says when a byte is there.
        var mode = saved
        mode.c_lflag &= ~tcflag_t(ICANON | ECHO)
        guard tcsetattr(fd, TCSANOW, &mode) == 0 else { return nil }
        defer {
            if !cleanup.isEmpty { write(fd, cleanup) }
            var restore = saved
            tcsetattr(fd, TCSAFLUSH, &restore)
        }
        write(fd, query)
        var answer: [UInt8] = []
        let deadline = ContinuousClock.now + timeout
        while answer.count < 256 {
            let left = deadline - ContinuousClock.now
            guard left > .zero else { return nil }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000, 1))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            var byte: UInt8 = 0
            guard read(fd, &byte, 1) == 1 else { return nil }
            answer.append(byte)
            if isEnd(byte) { return answer }
        }
        return nil
    }

    private static func write(_ fd: Int32, _ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
