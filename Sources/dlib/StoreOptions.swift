import ArgumentParser
import DLibKit

/// For commands that read dlib's local store (`show`, `saved`, `recent`):
/// which endpoint's holdings, and the store itself.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The holdings endpoint URL (default: $DLIB_ENDPOINT).", valueName: "url"))
    var endpoint: String?

    func open() throws -> (LocalStore, String) {
        let config = try ConnectionOptions.config(endpoint: endpoint)
        return (try LocalStore(state: .fromEnvironment()), config.endpoint)
    }

    /// How to reach holdings dlib has not fetched yet.
    static func findHint(count: Int = 1) -> String {
        "find \(count == 1 ? "it" : "them") with `dlib search TEXT` or `dlib list --page N` first"
    }
}
