import ArgumentParser
import DLibKit
import Foundation

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: Message.overview("export").text(),
        discussion: """
        CSV follows RFC 4180: UTF-8, CRLF line ends, a header \
        control_no,title,author,publisher,pub_year,isbn,call_no,material_type,location,reg_date,cover_url,… \
        and values exactly as in the catalogue (reg_date as YYYY-MM-DD); --columns chooses the columns. \
        Rows come in catalogue order.

        xlsx (-o FILE only): one sheet, every value as text, a bold frozen header with an autofilter. \
        sqlite (-o FILE only): tables holdings, copies and meta, and holdings_fts (FTS5 over title \
        and author): sqlite3 FILE "select title from holdings_fts where holdings_fts match '기후'".

        A file given with --output appears only when complete: it is written beside its \
        final name and renamed into place, and a failed or interrupted export leaves nothing.
        """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case csv, jsonl, xlsx, sqlite

        /// Written by a library into a file it may seek in: never a stream.
        var needsFile: Bool { self == .xlsx || self == .sqlite }

        /// The flags that go with this format, for `export` and `saved export`.
        func check(excel: Bool, output: String?) throws {
            if excel && self != .csv { throw ValidationError("--excel applies to --format csv only.") }
            if needsFile && (output == nil || output == "-") {
                throw ValidationError("--format \(rawValue) writes a file, not a terminal or pipe: give -o FILE.")
            }
        }

        var name: String {
            switch self {
            case .csv: return "CSV"
            case .jsonl: return "JSON lines"
            case .xlsx: return "an xlsx workbook"
            case .sqlite: return "a SQLite database"
            }
        }

        /// The writer for `output` (nil or `-`: standard output).
        func writer(output: String?, excel: Bool, fields: [Holding.Field]? = nil) throws -> any HoldingWriter {
            let file = output.flatMap { $0 == "-" ? nil : $0 }
            switch self {
            case .csv, .jsonl:
                let sink: any OutputSink = if let file { try OutputFile.sink(for: file) } else { StandardOutputSink() }
                return try RecordStreamWriter(sink: sink, format: self == .csv ? .csv(excel: excel, fields: fields ?? Holding.Field.allCases) : .jsonLines)
            case .xlsx, .sqlite:
                guard let file else { throw ValidationError("--format \(rawValue) writes a file: give -o FILE.") }
                let sink = try OutputFile.fileSink(for: file, format: name)
                return self == .xlsx ? try WorkbookWriter(sink: sink) : try DatabaseExportWriter(sink: sink)
            }
        }
    }

    @Option(help: ArgumentHelp("csv, jsonl, xlsx or sqlite (xlsx and sqlite need -o FILE).", valueName: "format"))
    var format: Format = .csv

    @Option(name: .shortAndLong, help: ArgumentHelp("Write to FILE instead of standard output (- for standard output).", valueName: "file"))
    var output: String?

    @OptionGroup var fetching: FetchOptions

    @Flag(help: "For Excel: a UTF-8 byte order mark, and cells starting with = + - @ tab or CR prefixed with ' against formula injection.")
    var excel = false

    @Option(help: ArgumentHelp("Only holdings whose title or author contains TEXT.", valueName: "text"))
    var query: String?

    @OptionGroup var columns: ColumnOptions

    @OptionGroup var display: DisplayOptions

    @OptionGroup var connection: ConnectionOptions

    func validate() throws {
        try format.check(excel: excel, output: output)
        if columns.columns != nil && format != .csv {
            throw ValidationError("--columns applies to --format csv (jsonl, xlsx and sqlite keep every field).")
        }
    }

    /// A name whose extension says another format than the one written.
    static func extensionWarning(output: String?, format: Format) -> String? {
        guard let output, output != "-" else { return nil }
        let ext = (output as NSString).pathExtension.lowercased()
        let says: Format? = switch ext {
        case "csv": .csv
        case "jsonl", "json", "ndjson": .jsonl
        case "xlsx": .xlsx
        case "db", "sqlite", "sqlite3": .sqlite
        default: nil
        }
        guard let says, says != format else { return nil }
        return "warning: \(output) ends in .\(ext) but the export is \(format.name); "
            + "pass --format \(says.rawValue) for \(says.name)"
    }

    func run() async throws {
        if let warning = Self.extensionWarning(output: output, format: format) { Terminal.note(warning) }
        let config = try connection.serviceConfig()
        let client = connection.client(for: config)
        let exporter = Exporter(loader: PageLoader(client: client), pageSize: fetching.pageSize, keyword: query, concurrency: fetching.concurrency,
                                maxRequests: fetching.maxRequests)
        let toFile = output != nil && output != "-"
        let writer = try format.writer(output: output, excel: excel, fields: try columns.fields)
        let bar = TerminalSize.isTerminal(STDERR_FILENO) ? ProgressBar(style: try display.style(for: STDERR_FILENO)) : nil

        // What is exported is seen: `show` and `saved add` know it after.
        // The cache is an extra: a state folder dlib cannot open does not stop the export.
        let cache = (try? LocalStore(state: .fromEnvironment())).map { CacheFiller(store: $0, endpoint: config.endpoint) }

        let summary: Exporter.Summary
        do {
            summary = try await exporter.run(deliver: { holdings in
                try writer.write(holdings)
                cache?.add(holdings)
            }, progress: { bar?.update($0) })
            bar?.finish()
            try writer.finish(ExportDescription(
                source: config.source.rawValue, endpoint: config.redact(config.endpoint), query: query,
                holdings: summary.holdings, pages: summary.pages, requests: client.log.requests))
        } catch {
            bar?.finish()
            writer.abandon()
            throw ExportDefaults.withRequests(error, client.log.requests)
        }
        if let failure = cache?.finish() {
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
