import ArgumentParser
import DLibKit
import Foundation

/// The options of every command that talks to the server.
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The holdings endpoint URL (default: $DLIB_ENDPOINT).", valueName: "url"))
    var endpoint: String?

    @Option(help: ArgumentHelp("Give up on a request after this many seconds.", valueName: "seconds"))
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds.")
        }
    }

    var timeoutDuration: Duration { .milliseconds(Int((timeout * 1000).rounded())) }

    /// The endpoint and key, or the one line that says how to set them.
    func serviceConfig() throws -> ServiceConfig {
        try Self.config(endpoint: endpoint)
    }

    static func config(endpoint explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> ServiceConfig {
        let endpoint = (explicit ?? environment["DLIB_ENDPOINT"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !endpoint.isEmpty else {
            throw UserFacingError(
                "no endpoint configured; set DLIB_ENDPOINT (and DLIB_SERVICE_KEY) or pass --endpoint URL. "
                + "To try the sample catalogue: ./scripts/demo")
        }
        guard endpoint.hasPrefix("http://") || endpoint.hasPrefix("https://") else {
            throw UserFacingError("the endpoint must be an http:// or https:// URL, not \"\(endpoint)\"")
        }
        return ServiceConfig(endpoint: endpoint, serviceKey: environment["DLIB_SERVICE_KEY"])
    }
}
