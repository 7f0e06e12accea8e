import ArgumentParser
import DLibKit
import Foundation

/// The options of every command that talks to the server.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The holdings endpoint URL (default: $DLIB_ENDPOINT).", valueName: "url"))
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

    /// The endpoint and key, or the one line that says how to set them.
    func serviceConfig() throws -> ServiceConfig {
        try Self.config(endpoint: endpoint)
    }

    /// Endpoint: --endpoint, else DLIB_ENDPOINT, else the config file's
    /// `endpoint`. Key: DLIB_SERVICE_KEY, else the config file's
    /// `service_key`, else a `serviceKey=` pasted into the endpoint.
    static func config(endpoint explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServiceConfig {
        let file = ConfigFile.location(environment: environment)
        let settings = try file.load()
        let given = (explicit ?? environment["DLIB_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 } ?? settings["endpoint"] ?? "")
            .trimmingCharacters(in: .whitespaces)
        let (endpoint, pastedKey) = ServiceConfig.splitKey(from: given)
        let key = environment["DLIB_SERVICE_KEY"].flatMap { $0.isEmpty ? nil : $0 } ?? settings["service_key"] ?? pastedKey
        Redaction.remember(key)
        guard !endpoint.isEmpty else {
            throw UserFacingError(
                "no endpoint configured; set DLIB_ENDPOINT (and DLIB_SERVICE_KEY) or pass --endpoint URL. "
                + "To try the sample catalogue: ./scripts/demo")
        }
        guard endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://") else {
            throw UserFacingError("the endpoint must be an http:// or https:// URL, not \"\(endpoint)\"")
        }
        return ServiceConfig(endpoint: endpoint, serviceKey: key)
    }
}
