import ArgumentParser
import DLibKit
import Foundation
import Synchronization

/// What dlib prints: results on stdout, one-line notes on stderr, written
/// with write(2) so that a full disk is an error dlib reports and a closed
/// pipe the SIGPIPE that ends it quietly, never a crash.
enum Terminal {
    /// Results. A failure to write them (a full disk) is thrown, so no
    /// cursor moves past a page the user did not get.
    static func out(_ text: String) throws {
        try write(Array(text.utf8), to: STDOUT_FILENO, name: "standard output")
    }

    /// One line on stderr, prefixed so it is clear which program spoke.
    /// Lines carry server text (messages, HTML titles): the sanitiser the
    /// tables use keeps its controls and line breaks off the terminal.
    static func note(_ line: String) {
        try? write(Array("dlib: \(Sanitiser.clean(Redaction.apply(line)))\n".utf8), to: STDERR_FILENO, name: "standard error")
    }

    /// Asks a yes/no question on stderr and reads the answer from standard
    /// input: only `y` or `yes` (or `예`, `네`) is a yes.
    static func confirm(_ question: String) -> Bool {
        raw(question)
        guard let answer = readLine() else { return false }
        return ["y", "yes", "예", "네", "ㅇ"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Bytes for stderr as they are (the progress bar's redraws).
    static func raw(_ text: String) {
        try? write(Array(text.utf8), to: STDERR_FILENO, name: "standard error")
    }

    private static func write(_ bytes: [UInt8], to fd: Int32, name: String) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw StateError.cannotWrite(name, reason: String(cString: strerror(errno)))
            }
            offset += written
        }
    }
}

/// The key this run uses, so that no line dlib prints can carry it,
/// whatever produced the line.
enum Redaction {
    /// The key's spellings, held by a config made once; until settings are
    /// read, the environment's key.
    private static let redactor = Mutex<ServiceConfig?>(nil)

    static func remember(_ serviceKey: String?) {
        redactor.withLock { $0 = ServiceConfig(endpoint: "", serviceKey: serviceKey) }
    }

    static func apply(_ text: String) -> String {
        redactor.withLock { redactor in
            if redactor?.serviceKey == nil, let key = ProcessInfo.processInfo.environment["DLIB_SERVICE_KEY"] {
                redactor = ServiceConfig(endpoint: "", serviceKey: key)
            }
            return redactor?.redact(text) ?? text
        }
    }
}
