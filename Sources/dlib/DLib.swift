import ArgumentParser
import DLibKit
import Foundation

@main
struct DLib: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dlib",
        abstract: Message.overview("dlib").text(),
        discussion: """
        Two sources: pyxis, the library's own catalogue service (JSON, no key), and portal, a public-data-portal \
        service (XML, with a service key). With nothing configured, dlib reads the Ministry of Environment \
        library's Pyxis service, https://library.me.go.kr/pyxis-api/2/collections/2. For another Pyxis library, \
        pass its base (everything before /search), e.g. --endpoint https://HOST/pyxis-api/1/collections/1. \
        `dlib doctor` shows what dlib uses and why.

        Each setting is a flag, else the environment, else the config file, else its default:
          source           --source, DLIB_SOURCE: pyxis, or portal (the default with a key)
          endpoint         --endpoint, DLIB_ENDPOINT: the Pyxis base or the portal's URL
          service_key      DLIB_SERVICE_KEY: the portal's key (never a flag)
          list-term        DLIB_LIST_TERM: what `dlib list` asks Pyxis for (default: all)
          color            --color: auto, always or never (NO_COLOR is honoured)
          ascii            --ascii: true to draw with ASCII only
          ambiguous-width  --ambiguous-width, DLIB_AMBIGUOUS_WIDTH: 1, 2 or auto
          state folder     DLIB_STATE_DIR (default $XDG_STATE_HOME/dlib)

        The config file is $XDG_CONFIG_HOME/dlib/config (else ~/.config/dlib/config): lines of \
        `name = value` with the names above, readable by you only; an unknown name is an error that names its line.

        Messages are in Korean under a ko_* locale (LANG, LC_MESSAGES or LC_ALL), in English otherwise.

        Exit status: 0 success, 1 failure (one line on stderr says why), 3 no page after (or before) the \
        current one, 4 a snapshot shrank and was not promoted, 64 bad arguments.
        """,
        version: "0.1.0",
        subcommands: [
            ListCommand.self, SearchCommand.self, ShowCommand.self, SavedCommand.self, RecentCommand.self,
            ExportCommand.self, SnapshotCommand.self, DiffCommand.self, DoctorCommand.self,
        ]
    )

    /// The one place a failure is printed: subcommands throw, and this turns
    /// what they throw into one line on stderr and an exit status. Argument
    /// errors, `--help` and `--version` go to the argument parser as usual.
    static func main() async {
        // A closed pipe (`dlib export | head`) ends dlib quietly with the
        // SIGPIPE status 141, as it ends git, whatever a library set before.
        signal(SIGPIPE, SIG_DFL)
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let unknown = UnknownCommand(arguments: arguments, known: subcommandNames) {
            Terminal.note(unknown.line)
            Self.exit(withError: ExitCode(64))
        }
        var command: ParsableCommand
        do {
            command = try await asyncParseAsRoot(arguments)
        } catch {
            Self.exitForParseError(error, arguments: arguments)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            Self.exit(withError: exit)
        } catch let usage as ValidationError {
            Self.exitForParseError(usage, arguments: arguments)
        } catch where String(reflecting: type(of: error)).hasPrefix("ArgumentParser.") {
            // `dlib help list` runs the parser's own help command, which
            // throws its help the way a parse does.
            Self.exitForParseError(error, arguments: arguments)
        } catch {
            let failure = DLibError(error)
            if let line = failure.line { Terminal.note(line) }
            Self.exit(withError: ExitCode(failure.exitStatus))
        }
    }

    static var subcommandNames: [String] {
        configuration.subcommands.map { $0._commandName } + ["help"]
    }

    /// The command whose `--help` explains the arguments given:
    /// `dlib list`, `dlib saved add`, or `dlib`.
    static func helpCommand(_ arguments: [String]) -> String {
        var words = ["dlib"]
        var level: [ParsableCommand.Type] = configuration.subcommands
        for word in arguments.prefix(while: { !$0.hasPrefix("-") }) {
            guard let command = level.first(where: { $0._commandName == word }) else { break }
            words.append(word)
            level = command.configuration.subcommands
        }
        return words.joined(separator: " ")
    }

    /// `--help` and `--version` print as the parser writes them; a usage
    /// error is one line with dlib's prefix, and where to read more.
    static func exitForParseError(_ error: any Error, arguments: [String]) -> Never {
        let code = exitCode(for: error)
        guard code != .success else { Self.exit(withError: error) }
        let message = Self.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
        Terminal.note(message.replacingOccurrences(of: "\n", with: " ") + " (" + Message.seeHelp(command: helpCommand(arguments)).text() + ")")
        Foundation.exit(code.rawValue)
    }
}
