import Foundation

/// The language dlib speaks to a person in: Korean under a `ko_*` locale,
/// English everywhere else (and under `C`). Only what people read changes;
/// CSV headers, JSON keys and exit statuses are the same in every locale.
public enum Language: Sendable, Equatable {
    case english, korean

    /// For messages: LC_ALL, else LC_MESSAGES, else LANG (the first set).
    public static func forMessages(environment: [String: String] = ProcessInfo.processInfo.environment) -> Language {
        from(environment, ["LC_ALL", "LC_MESSAGES", "LANG"])
    }

    /// For dates: LC_ALL, else LC_TIME, else LANG.
    public static func forDates(environment: [String: String] = ProcessInfo.processInfo.environment) -> Language {
        from(environment, ["LC_ALL", "LC_TIME", "LANG"])
    }

    /// This process's, read once: every message dlib prints uses it.
    public static let current = forMessages()

    private static func from(_ environment: [String: String], _ names: [String]) -> Language {
        for name in names {
            if let value = environment[name], !value.isEmpty {
                return value.lowercased().hasPrefix("ko") ? .korean : .english
            }
        }
        return .english
    }
}
