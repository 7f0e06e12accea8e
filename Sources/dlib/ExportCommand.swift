import ArgumentParser
import DLibKit
import Foundation

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: Message.overview("export").text(),
        discussion: """
        CSV follows RFC 4180: UTF-8, CRLF line ends, a header \
        control_no,title,author,publisher,pub_year,isbn,call_no,material_type,location,reg_date,cover_url \
        and values exactly as in the catalogue (reg_date as YYYY-MM-DD). Rows come in catalogue order. \
        A file given with --output appears only when complete: it is written beside its \
        final name and renamed into place, and a failed or interrupted export leaves nothing.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case csv, jsonl }

    @Option(help: ArgumentHelp("csv or jsonl.", valueName: "format"))
    var format: Format = .csv

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to FILE instead of standard output (- for standard output).", valueName: "file"))
    var output: String?

    @OptionGroup var fetching: FetchOptions

    @Flag(help: "For Excel: a UTF-8 byte order mark, and cells starting with = + - @ tab or CR prefixed with ' against formula injection.")
    var excel = false

    @Option(help: ArgumentHelp("Only holdings whose title or author contains TEXT.", valueName: "text"))
    var query: String?

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        if excel && format != .csv { throw ValidationError("--excel applies to --format csv only.") }
    }

    /// A name whose extension says another format than the one written.
    static func extensionWarning(output: String?, format: Format) -> String? {
        guard let output, output != "-" else { return nil }
        let ext = (output as NSString).pathExtension.lowercased()
        let says: Format? = ext == "csv" ? .csv : ["jsonl", "json", "ndjson"].contains(ext) ? .jsonl : nil
        guard let says, says != format else { return nil }
        return "warning: \(output) ends in .\(ext) but the export is \(format == .csv ? "CSV" : "JSON lines"); "
            + "pass --format \(says.rawValue) for \(says == .csv ? "CSV" : "JSON lines")"
    }

    func run() async throws {
        if let warning = Self.extensionWarning(output: output, format: format) { Terminal.note(warning) }
        let config = try connection.serviceConfig()
        let client = connection.client(for: config)
        let exporter = Exporter(loader: PageLoader(client: client), pageSize: fetching.pageSize, keyword: query, concurrency: fetching.concurrency,
                                maxRequests: fetching.maxRequests)
        let toFile = output != nil && output != "-"
        let sink: any OutputSink = if let output, toFile { try OutputFile.sink(for: output) } else { StandardOutputSink() }
        let recordFormat: RecordFormat = format == .csv ? .csv(excel: excel) : .jsonLines
        let bar = TerminalSize.isTerminal(STDERR_FILENO) ? ProgressBar(style: try display.style(for: STDERR_FILENO)) : nil

        // What is exported is seen: `show` and `saved add` know it after.
        let cache = CacheFiller(store: try LocalStore(state: .fromEnvironment()), endpoint: config.endpoint)

        let summary: Exporter.Summary
        do {
            try sink.write(recordFormat.preamble())
            summary = try await exporter.run(deliver: { holdings in
                try sink.write(Array(holdings.map(recordFormat.encode).joined().utf8))
                cache.add(holdings)
            }, progress: { bar?.update($0) })
            bar?.finish()
            try sink.commit()
        } catch {
            bar?.finish()
            sink.abandon()
            throw ExportDefaults.withRequests(error, client.log.requests)
        }
        if let failure = await cache.finish() {
            Terminal.note("the export is complete, but its holdings could not be kept for `dlib show`: \(failure.userMessage)")
        }
        Terminal.note(ExportDefaults.summaryLine(summary, requests: client.log.requests, destination: toFile ? output : nil))
    }
}

enum ExportDefaults {
    /// The service's largest page: the fewest requests of a daily quota.
    static let pageSize = 100
    static let concurrency = 8

    /// A walk stopped because the server misbehaved says how many
    /// requests it had made by then (a key's daily quota counts them).
    static func withRequests(_ error: any Error, _ requests: Int) -> any Error {
        guard case CatalogueError.repeatedPage = error else { return error }
        return DLibError.request(DLibError(error).line.map { "\($0) after \(NumberText.count(requests, "request"))" } ?? "")
    }

    static func summaryLine(_ summary: Exporter.Summary, requests: Int, destination: String?) -> String {
        var line = "exported \(NumberText.count(summary.holdings, "holding")) "
            + "(\(NumberText.count(summary.pages, "page")), \(NumberText.count(requests, "request")))"
        if let destination { line += " to \(destination)" }
        if summary.catalogueChanged, let first = summary.firstTotalCount, let last = summary.lastTotalCount {
            line += "; the catalogue changed during the export (\(NumberText.grouped(first)) → \(NumberText.grouped(last)) holdings)"
        }
        if let page = summary.endedEarlyAtPage, let first = summary.firstTotalCount {
            line += "; the server announced \(NumberText.grouped(first)) holdings but page \(NumberText.grouped(page)) came back empty"
        }
        if summary.duplicates > 0 {
            line += "; \(NumberText.grouped(summary.duplicates)) repeated holdings skipped"
        }
        if summary.itemsWithoutId > 0 {
            line += "; \(NumberText.grouped(summary.itemsWithoutId)) items without a control number left out"
        }
        return line
    }
}
