import ArgumentParser
import DLibKit

/// For commands that read dlib's local store (`show`, `saved`, `recent`):
/// which endpoint's holdings, and the store itself.
struct StoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("pyxis or portal, as for `dlib list` (default: $DLIB_SOURCE, …).", valueName: "source"))
    var source: Source?

    @Option(help: ArgumentHelp("The endpoint whose holdings to use (default: $DLIB_ENDPOINT, …).", valueName: "url"))
    var endpoint: String?

    func open() throws -> (LocalStore, String) {
        let config = try ConnectionOptions.settings(source: source, endpoint: endpoint).config
        return (try LocalStore(state: .fromEnvironment()), config.endpoint)
    }

    /// How to reach holdings dlib has not fetched yet.
    static func findHint(count: Int = 1) -> String {
        "find \(count == 1 ? "it" : "them") with `dlib search TEXT` or `dlib list --page N` first"
    }
}
