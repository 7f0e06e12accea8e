import ArgumentParser
import DLibKit

/// Everything that ends a dlib run other than success, as the user sees it:
/// one case per kind of outcome, each with its one line and exit status.
/// Subcommands throw; `DLib.main` is the one place that prints it. The
/// library's own error values (a request's `CatalogueError`, a file's
/// `StateError`…) stay what the code that handles them needs, and become
/// one of these cases here.
enum DLibError: Error {
    /// A request to the catalogue failed after what the retry policy allowed.
    case request(String)
    /// A file or folder: the state, an export, a snapshot, the config file.
    case file(String)
    /// A setting, a flag value or a command used in a way that cannot work.
    case usage(String)
    /// Something asked for that is not there (an id dlib has not seen).
    case notFound(String)
    /// No page after (or before) the one asked from: not a failure, exit 3.
    case noMorePages(String)
    /// A snapshot kept but not promoted, because it shrank: exit 4.
    case snapshotShrank(String)
    /// The command already printed its report of a problem (`doctor`), or
    /// found what `--exit-code` asks it to signal (`diff`): exit 1, no line.
    case reported
    /// What no case above names: printed as it describes itself.
    case unexpected(String)

    /// The line after `dlib: `, nil when the command printed its own.
    var line: String? {
        switch self {
        case .request(let line), .file(let line), .usage(let line), .notFound(let line),
             .noMorePages(let line), .snapshotShrank(let line), .unexpected(let line):
            return line
        case .reported:
            return nil
        }
    }

    var exitStatus: Int32 {
        switch self {
        case .noMorePages: return 3
        case .snapshotShrank: return 4
        default: return 1
        }
    }

    /// The case for whatever a subcommand or the library threw.
    init(_ error: any Error) {
        switch error {
        case let error as DLibError: self = error
        case let error as PageFetchError: self = .request(error.userMessage)
        case let error as CatalogueError: self = .request(error.userMessage)
        case let error as TransportError: self = .request(error.userMessage)
        case let error as ExportLimit: self = .request(error.userMessage)
        case let error as StateError: self = .file(error.userMessage)
        case let error as ConfigFile.Failure: self = .usage(error.userMessage)
        case let error as Settings.Failure: self = .usage(error.userMessage)
        case let error as UserFacing: self = .unexpected(error.userMessage)
        default: self = .unexpected(String(describing: error))
        }
    }
}
