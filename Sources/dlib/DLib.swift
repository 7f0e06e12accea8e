import ArgumentParser

@main
struct DLib: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dlib",
        abstract: "Read the Ministry of Environment library's holdings catalogue from a terminal.",
        discussion: """
        Configuration comes from the environment:
          DLIB_ENDPOINT     the holdings endpoint URL (or --endpoint)
          DLIB_SERVICE_KEY  your key from the public data portal
          DLIB_STATE_DIR    where dlib remembers pages (default $XDG_STATE_HOME/dlib,
                            else ~/.local/state/dlib)

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
}
