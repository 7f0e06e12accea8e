import CXLSXWriter
import Foundation

/// `dlib export --format xlsx`: one sheet that Excel opens without
/// reformatting anything, written by libxlsxwriter in its constant-memory
/// mode (each row goes to disk as it is written, so a large export stays
/// in bounded memory).
///
/// Every value is written as a string, so Excel never turns an ISBN into
/// 9.79E+12 or a call number into a date; the identifier-like columns
/// (id, ISBN, ISSN, call number, year) also carry the text format `@`, so
/// a cell edited by hand stays text too. The header row is bold and frozen,
/// with an autofilter; each column is as wide as its widest value (Hangul
/// counted as two), within bounds.
///
/// Not Sendable: it owns libxlsxwriter's workbook, which is used from the
/// one task that runs the export and freed by `finish` or `abandon`.
public final class WorkbookWriter: HoldingWriter {
    private let sink: AtomicFileSink
    private var workbook: UnsafeMutablePointer<lxw_workbook>?
    private let sheet: UnsafeMutablePointer<lxw_worksheet>
    private let textFormat: UnsafeMutablePointer<lxw_format>
    private var row: UInt32 = 1
    private var widths: [Int]

    static let fields = Holding.Field.allCases
    static let identifierFields: Set<Holding.Field> = [.controlNo, .isbn, .issn, .callNo, .pubYear]
    /// Excel's limits: rows a sheet holds, characters a cell holds.
    static let maxRows = 1_048_576
    static let maxCellCharacters = 32_767
    /// Column widths, in characters.
    static let widthBounds = 6...60

    public init(sink: AtomicFileSink) throws(StateError) {
        self.sink = sink
        var options = lxw_workbook_options(constant_memory: 1, tmpdir: nil, use_zip64: 1)
        guard let workbook = workbook_new_opt(sink.temporaryPath, &options),
              let sheet = workbook_add_worksheet(workbook, "holdings"),
              let bold = workbook_add_format(workbook),
              let text = workbook_add_format(workbook)
        else {
            sink.abandon()
            throw .cannotWrite(sink.path, reason: "libxlsxwriter could not start a workbook")
        }
        self.workbook = workbook
        self.sheet = sheet
        textFormat = text
        format_set_bold(bold)
        format_set_num_format(text, "@")
        widths = Self.fields.map { DisplayWidth.standard.of($0.columnName) }
        for (column, field) in Self.fields.enumerated() {
            let status = worksheet_write_string(sheet, 0, lxw_col_t(column), field.columnName, bold)
            guard status == LXW_NO_ERROR else {
                abandon()
                throw .cannotWrite(sink.path, reason: Self.describe(status))
            }
        }
    }

    deinit { abandon() }

    public func write(_ holdings: [Holding]) throws {
        for holding in holdings {
            guard Int(row) < Self.maxRows else {
                throw StateError.refused(sink.path, reason: "a sheet holds at most \(NumberText.grouped(Self.maxRows - 1)) holdings; "
                                         + "use --format csv or --format sqlite for more")
            }
            for (column, field) in Self.fields.enumerated() {
                guard var value = holding[text: field], !value.isEmpty else { continue }
                if value.unicodeScalars.count > Self.maxCellCharacters {
                    // Excel refuses a longer cell; no catalogue field is
                    // this long unless the server sent garbage.
                    value = String(String.UnicodeScalarView(value.unicodeScalars.prefix(Self.maxCellCharacters)))
                }
                let format = Self.identifierFields.contains(field) ? textFormat : nil
                let status = worksheet_write_string(sheet, row, lxw_col_t(column), value, format)
                guard status == LXW_NO_ERROR else { throw StateError.cannotWrite(sink.path, reason: Self.describe(status)) }
                if value.utf8.count > widths[column] {
                    widths[column] = max(widths[column], DisplayWidth.standard.of(value))
                }
            }
            row &+= 1
        }
    }

    public func finish(_ about: ExportDescription) throws {
        guard let workbook else { return }
        let lastColumn = lxw_col_t(Self.fields.count - 1)
        // Column options and the filter are kept apart from the streamed
        // rows and written when the workbook closes.
        for (column, field) in Self.fields.enumerated() {
            let width = Double(min(max(widths[column] + 2, Self.widthBounds.lowerBound), Self.widthBounds.upperBound))
            let format = Self.identifierFields.contains(field) ? textFormat : nil
            worksheet_set_column(sheet, lxw_col_t(column), lxw_col_t(column), width, format)
        }
        worksheet_freeze_panes(sheet, 1, 0)
        worksheet_autofilter(sheet, 0, 0, row &- 1, lastColumn)
        self.workbook = nil
        let status = workbook_close(workbook)
        guard status == LXW_NO_ERROR else {
            sink.abandon()
            throw StateError.cannotWrite(sink.path, reason: Self.describe(status))
        }
        try sink.commitWrittenByName()
    }

    public func abandon() {
        if let workbook {
            self.workbook = nil
            lxw_workbook_free(workbook)
        }
        sink.abandon()
    }

    private static func describe(_ status: lxw_error) -> String {
        lxw_strerror(status).map { String(cString: $0) } ?? "libxlsxwriter error \(status.rawValue)"
    }
}
