import ArgumentParser
import DLibKit
import Foundation

/// `dlib doctor`: which source and endpoint dlib uses and why, then one
/// request, step by step — how a user finds out why a service does not
/// answer, without guessing.
struct DoctorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: Message.overview("doctor").text(),
        discussion: """
        Prints each setting with its origin (flag, environment, config file or default), then makes \
        one request and reports each step on one line: DNS, connect, TLS, HTTP status, the dialect \
        of the answer, and the holdings in it. The service key is never printed. \
        Exit status: 0 when every step worked, 1 when one failed.
        """
    )

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    @OptionGroup var images: ImageOptions

    func run() async throws {
        let resolved = try display.resolve() // a bad --color or ambiguous-width setting is named here too
        let settings = try ConnectionOptions.settings(source: connection.source, endpoint: connection.endpoint)
        let report = DoctorReport(settings: settings, state: StateDirectory.fromEnvironment())
        try Terminal.out(report.settingLines())
        try Terminal.out(report.imagesLine(try images.decision(resolved)))
        let probe = await connection.client(for: settings.config).probe()
        let (lines, healthy) = report.stepLines(probe)
        try Terminal.out(lines)
        if !healthy { throw DLibError.reported }
    }
}

/// The lines `dlib doctor` prints, made from the settings and one probe.
struct DoctorReport {
    var settings: Settings
    var state: StateDirectory

    private func line(_ label: String, _ value: String, _ note: String? = nil) -> String {
        let padded = label.padding(toLength: 10, withPad: " ", startingAt: 0)
        let text = Sanitiser.clean(Redaction.apply(value))
        return padded + " " + text + (note.map { "   (\(Sanitiser.clean($0)))" } ?? "") + "\n"
    }

    /// How covers would be drawn here, and why (see GraphicsDetection).
    func imagesLine(_ decision: GraphicsDetection.Decision) -> String {
        line("images", decision.mode?.rawValue ?? "none", decision.reason)
    }

    func settingLines() -> String {
        var out = line("source", settings.source.value.rawValue, settings.source.origin.description)
        out += line("endpoint", settings.endpoint.value, settings.endpoint.origin.description)
        if let key = settings.serviceKey {
            let use = settings.source.value == .portal ? "" : "; not sent: the pyxis source needs none"
            out += line("key", "set, \(key.value.count) characters", key.origin.description + use)
        } else {
            out += line("key", "not set", settings.source.value == .pyxis ? "the pyxis source needs none" : "the portal needs one: DLIB_SERVICE_KEY")
        }
        if settings.source.value == .pyxis {
            let term = settings.listTerm.value.isEmpty ? "(empty: every holding)" : "\"\(settings.listTerm.value)\""
            out += line("list term", term, settings.listTerm.origin.description)
        }
        let exists = FileManager.default.fileExists(atPath: settings.configFile.path)
        out += line("config", settings.configFile.path, exists ? "read" : "not found")
        out += line("state", state.path)
        return out
    }

    /// The steps of the probe, and whether all of them worked.
    func stepLines(_ probe: Probe) -> (String, Bool) {
        let https = settings.endpoint.value.lowercased().hasPrefix("https://")
        let host = hostName(of: probe.url)
        var out = line("request", "GET " + probe.url)
        func ms(_ duration: Duration?) -> String {
            guard let duration else { return "" }
            return " in \(Int((duration.inSeconds * 1000).rounded())) ms"
        }
        func notReached(_ labels: String...) { for label in labels { out += line(label, "not reached") } }

        if let error = probe.transportError {
            let timings = error.timings
            switch error.kind {
            case .couldNotResolve:
                out += line("DNS", "failed: " + error.userMessage)
                notReached("connect", "TLS", "HTTP")
                return (out, false)
            case .couldNotConnect:
                out += line("DNS", "ok: \(host) → \(timings?.primaryIP ?? "?")\(ms(timings?.nameLookup))")
                out += line("connect", "failed: " + error.userMessage)
                notReached("TLS", "HTTP")
                return (out, false)
            default:
                out += line("DNS", "ok: \(host) → \(timings?.primaryIP ?? "?")\(ms(timings?.nameLookup))")
                guard timings?.connect != nil else {
                    out += line("connect", "failed: " + error.userMessage)
                    notReached("TLS", "HTTP")
                    return (out, false)
                }
                out += line("connect", "ok\(ms(timings?.connect))")
                if https && (error.isTLSFailure || timings?.tlsHandshake == nil) {
                    out += line("TLS", "failed: " + error.userMessage)
                    notReached("HTTP")
                    return (out, false)
                }
                out += line("TLS", https ? "ok\(ms(timings?.tlsHandshake))" : "not used (http)")
                out += line("HTTP", "failed: " + error.userMessage)
                return (out, false)
            }
        }
        guard let response = probe.response else {
            if case .failure(let error)? = probe.page { out += line("HTTP", "failed: " + error.userMessage) }
            return (out, false)
        }
        let timings = response.timings
        out += line("DNS", "ok: \(host) → \(timings?.primaryIP ?? "?")\(ms(timings?.nameLookup))")
        out += line("connect", "ok\(ms(timings?.connect))")
        out += line("TLS", https ? "ok\(ms(timings?.tlsHandshake))" : "not used (http)")
        let type = response.contentType.map { ", " + $0 } ?? ""
        out += line("HTTP", "\(response.status), \(NumberText.count(response.body.count, "byte"))\(type)\(ms(timings?.total))")
        let expected = settings.source.value.format
        let kind = probe.bodyKind ?? "?"
        out += line("dialect", kind == expected ? "\(kind), as the \(settings.source.value.rawValue) source expects"
                                                : "\(kind), but the \(settings.source.value.rawValue) source expects \(expected)")
        switch probe.page {
        case .success(let page)?:
            let total = page.totalCount.map { " of \(NumberText.grouped($0))" } ?? ""
            let first = page.holdings.first.map { ": \($0.controlNo) \($0.title ?? "")" } ?? ""
            out += line("items", "\(NumberText.count(page.holdings.count, "holding"))\(total)\(first)")
            return (out, true)
        case .failure(let error)?:
            out += line("items", "failed: " + error.userMessage)
            return (out, false)
        case nil:
            out += line("items", "not reached")
            return (out, false)
        }
    }

    private func hostName(of url: String) -> String {
        let hostAndPort = Substring(url).split(separator: "/").dropFirst().first.map(String.init) ?? url
        return hostAndPort.split(separator: "@").last.map(String.init) ?? hostAndPort
    }
}
