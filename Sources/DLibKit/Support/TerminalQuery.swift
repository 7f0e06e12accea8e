import Foundation

/// Asks the terminal something and reads its answer: the terminal is put
/// in raw mode (no line editing, no echo), the query written, the answer
/// read until it is complete or a short deadline passes, and the
/// terminal's settings restored whatever happens. A terminal that answers
/// nothing costs the deadline, never a hang. The one place dlib talks to
/// the terminal itself: the ambiguous-width probe and the graphics query.
public enum TerminalQuery {
    /// Asks through the controlling terminal (`/dev/tty`), and only from
    /// the foreground: a background job that set the terminal's mode would
    /// be stopped. nil when there is no terminal or nothing came back.
    public static func ask(_ query: String, timeout: Duration, cleanup: String = "", limit: Int = 4096,
                           isComplete: ([UInt8]) -> Bool) -> [UInt8]? {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard tcgetpgrp(fd) == getpgrp() else { return nil }
        return ask(fd: fd, query, timeout: timeout, cleanup: cleanup, limit: limit, isComplete: isComplete)
    }

    /// Asks the terminal on `fd` (a pseudo-terminal in tests): what came
    /// back by the deadline, complete or not (at most `limit` bytes), nil
    /// for nothing. `cleanup` is written after the answer is read.
    public static func ask(fd: Int32, _ query: String, timeout: Duration, cleanup: String = "", limit: Int = 4096,
                           isComplete: ([UInt8]) -> Bool) -> [UInt8]? {
        var saved = termios()
        guard tcgetattr(fd, &saved) == 0 else { return nil }
        var raw = saved
        // No line editing, no echo, and no signals from the keyboard while
        // the terminal is in this mode: a Ctrl-C now would end dlib before
        // the mode is restored and leave the shell without echo.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        defer {
            if !cleanup.isEmpty { try? FileDescriptorWriter.write(Array(cleanup.utf8), to: fd, path: "the terminal") }
            // TCSAFLUSH: an answer that came after the deadline is dropped,
            // not echoed into the shell's next line.
            tcsetattr(fd, TCSAFLUSH, &saved)
        }
        do { try FileDescriptorWriter.write(Array(query.utf8), to: fd, path: "the terminal") } catch { return nil }

        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while received.count < limit, !isComplete(received) {
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(clamping: max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, limit - received.count)) }
            guard count > 0 else { break }
            received += buffer[0..<count]
        }
        return received.isEmpty ? nil : received
    }
}
