import DLibKit
import Foundation

/// A setting of a fixed set of values that can come from a flag, an
/// environment variable or the config file: the flag wins, then the
/// variable, then the file. A value that is none of the set is one line
/// that says where it was found. Every such setting is read here, so they
/// all take the same spellings (any case) and fail the same way.
struct SettingLookup {
    let environment: [String: String]
    let file: ConfigFile
    let settings: [String: String]

    init(environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        self.environment = environment
        file = ConfigFile.location(environment: environment)
        settings = try file.load()
    }

    func value<T: RawRepresentable & CaseIterable>(flag: T?, variable: String?, key: String) throws -> T?
    where T.RawValue == String {
        if let flag { return flag }
        let (raw, place): (String?, String) = if let variable, let value = environment[variable], !value.isEmpty {
            (value, variable)
        } else {
            (settings[key].flatMap { $0.isEmpty ? nil : $0 }, "\(key) in \(file.path)")
        }
        guard let raw else { return nil }
        guard let value = T(rawValue: raw.lowercased()) else {
            throw DLibError.usage("\(place) is \"\(Sanitiser.clean(raw))\"; it must be one of "
                + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }

    /// A yes-or-no setting of the config file (`ascii = true`).
    func flag(key: String) throws -> Bool {
        guard let raw = settings[key], !raw.isEmpty else { return false }
        switch raw.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw DLibError.usage("\(key) in \(file.path) is \"\(Sanitiser.clean(raw))\"; it must be true or false")
        }
    }
}
