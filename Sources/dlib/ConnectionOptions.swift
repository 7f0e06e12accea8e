import ArgumentParser
import DLibKit
import Foundation

/// The options of every command that talks to the server.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "pyxis (the library's own JSON service, no key) or portal (XML, with a service key). "
            + "Default: $DLIB_SOURCE, the config file's `source`, else portal when a service key is set and pyxis otherwise.",
        valueName: "source"))
    var source: Source?

    @Option(help: ArgumentHelp(
        "The endpoint: for pyxis the base before /search (default \(Source.defaultPyxisEndpoint)); "
            + "for portal the request URL. Default: $DLIB_ENDPOINT, else the config file's `endpoint`.",
        valueName: "url"))
    var endpoint: String?

    @Option(help: ArgumentHelp("Give up on a request after this many seconds (connecting included).", valueName: "seconds"))
    var timeout: Double = 30

    @Option(help: ArgumentHelp("Ask again this many times after a transient failure.", valueName: "n"))
    var retries: Int = 3

    @Flag(help: "Print one line per request on stderr (URL with the key redacted, status, size, time).")
    var verbose = false

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds.")
        }
        guard (0...20).contains(retries) else {
            throw ValidationError("--retries must be between 0 and 20.")
        }
    }

    var timeoutDuration: Duration { .milliseconds(Int((timeout * 1000).rounded())) }

    /// The client every command talks to the server through.
    func client(for config: ServiceConfig) -> CatalogueClient {
        let sink: (@Sendable (String) -> Void)? = verbose ? { @Sendable line in Terminal.note(line) } : nil
        let log = RequestLog(verbose: sink)
        return CatalogueClient(config: config, timeout: timeoutDuration, retryPolicy: RetryPolicy(retries: retries), log: log)
    }

    /// The source, endpoint and key, or the one line that says what is wrong.
    func serviceConfig() throws -> ServiceConfig {
        try Self.settings(source: source, endpoint: endpoint).config
    }

    /// Every setting and where it came from (see `Settings`); the key is
    /// remembered for redaction whatever happens next.
    static func settings(source: Source?, endpoint: String?) throws -> Settings {
        let settings = try Settings.resolve(source: source, endpoint: endpoint)
        Redaction.remember(settings.serviceKey?.value)
        return settings
    }
}

extension Source: ExpressibleByArgument {}
