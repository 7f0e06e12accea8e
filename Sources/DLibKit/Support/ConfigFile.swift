import Foundation

/// `$XDG_CONFIG_HOME/dlib/config` (else `~/.config/dlib/config`): where the
/// service key can live instead of the environment. Lines of `name = value`;
/// `#` starts a comment. Refused if other users can read it.
public struct ConfigFile: Sendable {
    public let path: String

    /// Every setting the file may hold (`list_term` is read as `list-term`).
    public static let knownSettings = ["source", "endpoint", "service_key", "list-term", "color", "ascii", "ambiguous-width", "images"]

    public init(path: String) {
        self.path = path
    }

    public static func location(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigFile {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return ConfigFile(path: xdg + "/dlib/config")
        }
        return ConfigFile(path: (environment["HOME"] ?? NSHomeDirectory()) + "/.config/dlib/config")
    }

    public enum Failure: Error, Equatable, UserFacing {
        case readableByOthers(String)
        case unreadable(String, reason: String)
        case badLine(String, line: Int)
        case unknownSetting(String, line: Int, name: String)

        public var userMessage: String {
            switch self {
            case .readableByOthers(let path):
                return "\(path) can be read by other users and may hold the service key; run `chmod 600 \(path)`"
            case .unreadable(let path, let reason):
                return "cannot read \(path): \(reason)"
            case .badLine(let path, let line):
                return "\(path), line \(line): expected `name = value`"
            case .unknownSetting(let path, let line, let name):
                return "\(path), line \(line): unknown setting `\(name)`; dlib reads " + ConfigFile.knownSettings.joined(separator: ", ")
            }
        }
    }

    /// The settings, or none when there is no file.
    public func load() throws(Failure) -> [String: String] {
        var info = stat()
        guard stat(path, &info) == 0 else { return [:] }
        guard info.st_mode & 0o044 == 0 else { throw .readableByOthers(path) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path, reason: String(cString: strerror(errno)))
        }
        var settings: [String: String] = [:]
        for (index, raw) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else { throw .badLine(path, line: index + 1) }
            let name = line[..<equals].trimmingCharacters(in: .whitespaces)
            // A misspelt name would be ignored without a word: `servce_key`
            // and the portal answers as if no key were set.
            guard Self.knownSettings.contains(name) || name == "list_term" else {
                throw .unknownSetting(path, line: index + 1, name: name)
            }
            var value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            settings[name] = value
        }
        return settings
    }
}
