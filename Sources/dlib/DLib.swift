import ArgumentParser
import DLibKit
import Foundation

@main
struct DLib: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dlib",
        abstract: "Read the Ministry of Environment library's holdings catalogue from a terminal.",
        discussion: """
        Two sources: pyxis, the library's own catalogue service (JSON, no key), and portal, a public-data-portal service (XML, with a service key). With nothing configured, dlib reads the Ministry of Environment library's Pyxis service, https://library.me.go.kr/pyxis-api/2/collections/2. For another Pyxis library, pass its base (everything before /search), e.g. --endpoint https://HOST/pyxis-api/1/collections/1. `dlib doctor` shows what dlib uses and why.

        Settings: a flag, else the environment, else the config file, else the default.
          source      --source, DLIB_SOURCE: pyxis or portal
                      (default: portal when a service key is set, else pyxis)
          endpoint    --endpoint, DLIB_ENDPOINT: the Pyxis base or portal URL
          service_key DLIB_SERVICE_KEY: the portal's key (never a flag)
          list-term   DLIB_LIST_TERM: what `dlib list` searches for on Pyxis
                      (default empty: every holding)
          state       DLIB_STATE_DIR (default $XDG_STATE_HOME/dlib,
                      else ~/.local/state/dlib)
        The config file is $XDG_CONFIG_HOME/dlib/config (else ~/.config/dlib/config): lines of `name = value`, readable by you only.

        Exit status: 0 success, 1 failure (one line on stderr says why),
        3 no page after (or before) the current one, 4 a snapshot shrank and
        was not promoted, 64 bad arguments.
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
        var command: ParsableCommand
        do {
            command = try await asyncParseAsRoot(nil)
        } catch {
            exit(withError: error)
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
            Self.exit(withError: usage)
        } catch {
            let failure = DLibError(error)
            if let line = failure.line { Terminal.note(line) }
            Self.exit(withError: ExitCode(failure.exitStatus))
        }
    }
}
