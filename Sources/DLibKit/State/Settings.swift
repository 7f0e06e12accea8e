import Foundation

/// Which source, endpoint, key and listing term a run uses, and where each
/// came from — a flag, the environment, the config file or the default —
/// so `dlib doctor` can say why dlib talks to the server it talks to.
///
/// Precedence, highest first: flag, environment (`DLIB_SOURCE`,
/// `DLIB_ENDPOINT`, `DLIB_SERVICE_KEY`, `DLIB_LIST_TERM`), the config file
/// (`source`, `endpoint`, `service_key`, `list-term`), the default. Without
/// an explicit source, a configured service key means `portal` (every setup
/// made before Pyxis keeps working) and no key means `pyxis`, whose default
/// endpoint is the Ministry of Environment library's.
public struct Settings: Sendable {
    public enum Origin: Sendable, Equatable {
        case flag(String)
        case environment(String)
        case configFile(String)
        /// A `serviceKey=` pasted into the endpoint URL.
        case endpointURL
        case defaultValue(String)

        public var description: String {
            switch self {
            case .flag(let name): return "flag \(name)"
            case .environment(let name): return "environment \(name)"
            case .configFile(let path): return "config file \(path)"
            case .endpointURL: return "pasted into the endpoint URL"
            case .defaultValue(let why): return "default: \(why)"
            }
        }
    }

    public struct Setting<Value: Sendable>: Sendable {
        public var value: Value
        public var origin: Origin
    }

    public var source: Setting<Source>
    public var endpoint: Setting<String>
    /// nil when no key is configured anywhere.
    public var serviceKey: Setting<String>?
    public var listTerm: Setting<String>
    public var configFile: ConfigFile

    public var config: ServiceConfig {
        ServiceConfig(endpoint: endpoint.value, serviceKey: serviceKey?.value, source: source.value, listTerm: listTerm.value)
    }

    public struct Failure: Error, Sendable, Equatable, UserFacing {
        public var userMessage: String
    }

    public static func resolve(
        source sourceFlag: Source? = nil, endpoint endpointFlag: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Settings {
        let file = ConfigFile.location(environment: environment)
        let settings = try file.load()
        let fromFile = Origin.configFile(file.path)
        func env(_ name: String) -> String? {
            environment[name].flatMap { $0.trimmingUnicodeWhitespace().isEmpty ? nil : $0 }
        }

        var endpoint: Setting<String>?
        if let endpointFlag {
            endpoint = Setting(value: endpointFlag, origin: .flag("--endpoint"))
        } else if let value = env("DLIB_ENDPOINT") {
            endpoint = Setting(value: value, origin: .environment("DLIB_ENDPOINT"))
        } else if let value = settings["endpoint"], !value.isEmpty {
            endpoint = Setting(value: value, origin: fromFile)
        }
        var pastedKey: String?
        if var given = endpoint {
            let split = ServiceConfig.splitKey(from: given.value.trimmingCharacters(in: .whitespaces))
            given.value = split.endpoint
            pastedKey = split.key
            endpoint = given
        }

        var key: Setting<String>?
        if let value = env("DLIB_SERVICE_KEY") {
            key = Setting(value: value, origin: .environment("DLIB_SERVICE_KEY"))
        } else if let value = settings["service_key"], !value.isEmpty {
            key = Setting(value: value, origin: fromFile)
        } else if let pastedKey, !pastedKey.isEmpty {
            key = Setting(value: pastedKey, origin: .endpointURL)
        }

        var source: Setting<Source>
        if let sourceFlag {
            source = Setting(value: sourceFlag, origin: .flag("--source"))
        } else if let value = env("DLIB_SOURCE") {
            source = Setting(value: try parseSource(value, from: "DLIB_SOURCE"), origin: .environment("DLIB_SOURCE"))
        } else if let value = settings["source"], !value.isEmpty {
            source = Setting(value: try parseSource(value, from: "source in \(file.path)"), origin: fromFile)
        } else if key != nil {
            source = Setting(value: .portal, origin: .defaultValue("a service key is set"))
        } else {
            source = Setting(value: .pyxis, origin: .defaultValue("no service key is set"))
        }

        let resolvedEndpoint: Setting<String>
        if let endpoint, !endpoint.value.isEmpty {
            resolvedEndpoint = endpoint
        } else if source.value == .pyxis {
            resolvedEndpoint = Setting(value: Source.defaultPyxisEndpoint, origin: .defaultValue("the Ministry of Environment library"))
        } else {
            throw Failure(userMessage:
                "no endpoint configured for the portal source; set DLIB_ENDPOINT, pass --endpoint URL, "
                + "or add `endpoint = URL` to \(file.path) (`dlib doctor` shows what dlib sees)")
        }
        try check(endpoint: resolvedEndpoint.value)

        var listTerm = Setting(value: "", origin: .defaultValue("every holding"))
        if let value = environment["DLIB_LIST_TERM"] {
            listTerm = Setting(value: value.trimmingUnicodeWhitespace(), origin: .environment("DLIB_LIST_TERM"))
        } else if let value = settings["list-term"] ?? settings["list_term"] {
            listTerm = Setting(value: value, origin: fromFile)
        }

        return Settings(source: source, endpoint: resolvedEndpoint, serviceKey: key, listTerm: listTerm, configFile: file)
    }

    /// An http(s) URL with nothing dlib would send wrongly: a `#fragment`
    /// would swallow the query dlib appends (and the key with it), and
    /// credentials in the URL would travel to every host it redirects to.
    static func check(endpoint: String) throws(Failure) {
        let lower = endpoint.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw Failure(userMessage: "the endpoint must be an http:// or https:// URL, not \"\(endpoint)\"")
        }
        // Characters, not strings: the stdlib's search, not Foundation's
        // NSString one (which a start of dlib need not bring up).
        if endpoint.contains("#" as Character) {
            throw Failure(userMessage: "the endpoint has a #fragment, which would cut off the query dlib adds; remove it")
        }
        let afterScheme = endpoint[endpoint.index(endpoint.startIndex, offsetBy: lower.hasPrefix("https") ? 8 : 7)...]
        let authority = afterScheme.prefix { $0 != "/" && $0 != "?" }
        if authority.contains("@" as Character) {
            throw Failure(userMessage: "the endpoint holds credentials (user@host); dlib does not send them: remove them from the URL")
        }
    }

    static func parseSource(_ text: String, from place: String) throws(Failure) -> Source {
        guard let source = Source(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw Failure(userMessage: "\(place) is \"\(text)\"; it must be pyxis or portal")
        }
        return source
    }
}
