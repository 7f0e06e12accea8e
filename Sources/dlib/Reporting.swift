import ArgumentParser
import DLibKit
import Foundation
import Synchronization

/// A failure with the sentence the user sees after `dlib: `.
struct UserFacingError: UserFacing {
    var userMessage: String
    init(_ message: String) { userMessage = message }
}

/// What dlib prints outside of its results.
enum Terminal {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// One line on stderr, prefixed so it is clear which program spoke.
    /// Lines carry server text (messages, HTML titles): the sanitiser the
    /// tables use keeps its controls and line breaks off the terminal.
    static func note(_ line: String) {
        FileHandle.standardError.write(Data("dlib: \(Sanitiser.clean(Redaction.apply(line)))\n".utf8))
    }
}

/// Runs a command's body and turns every failure into one line on stderr
/// and exit status 1; the key is scrubbed from the line whatever made it.
func reportingFailures(_ body: () async throws -> Void) async throws {
    do {
        try await body()
    } catch let exit as ExitCode {
        throw exit
    } catch {
        let message = (error as? UserFacing)?.userMessage ?? String(describing: error)
        Terminal.note(message)
        throw ExitCode.failure
    }
}

/// The key this run uses, so that no line dlib prints can carry it,
/// whatever produced the line.
enum Redaction {
    private static let key = Mutex<String?>(nil)

    static func remember(_ serviceKey: String?) {
        key.withLock { $0 = serviceKey }
    }

    static func apply(_ text: String) -> String {
        let current = key.withLock { $0 } ?? ProcessInfo.processInfo.environment["DLIB_SERVICE_KEY"]
        return ServiceConfig(endpoint: "", serviceKey: current).redact(text)
    }
}

extension ExitCode {
    /// No page after (or before) the one asked from.
    static let noMorePages = ExitCode(3)
}
