import Foundation

/// Where an export's holdings end up: a stream of CSV or JSON lines, an
/// xlsx workbook, a SQLite database. The exporter hands each page over in
/// catalogue order; `finish` makes the result appear whole, `abandon`
/// leaves nothing behind.
public protocol HoldingWriter: AnyObject {
    func write(_ holdings: [Holding]) throws
    func finish(_ about: ExportDescription) throws
    func abandon()
}

/// What a written export says about itself, where its format has room for
/// it (the SQLite `meta` table). The endpoint never carries the key.
public struct ExportDescription: Sendable {
    public var source: String
    public var endpoint: String
    public var query: String?
    public var exportedAt: Date
    public var holdings: Int
    public var pages: Int
    public var requests: Int

    public init(source: String, endpoint: String, query: String? = nil, exportedAt: Date = Date(),
                holdings: Int, pages: Int = 0, requests: Int = 0) {
        self.source = source
        self.endpoint = endpoint
        self.query = query
        self.exportedAt = exportedAt
        self.holdings = holdings
        self.pages = pages
        self.requests = requests
    }
}

/// CSV or JSON lines into a sink (standard output or a file), page by
/// page; the header goes out at once, as a pipe's reader expects.
public final class RecordStreamWriter: HoldingWriter {
    private let sink: any OutputSink
    private let format: RecordFormat

    public init(sink: any OutputSink, format: RecordFormat) throws(StateError) {
        self.sink = sink
        self.format = format
        try sink.write(format.preamble())
    }

    public func write(_ holdings: [Holding]) throws {
        try sink.write(Array(holdings.map(format.encode).joined().utf8))
    }

    public func finish(_ about: ExportDescription) throws {
        try sink.commit()
    }

    public func abandon() { sink.abandon() }
}
