import Foundation

/// `dlib diff OLD.csv NEW.csv`: the holdings added, removed and changed
/// between two snapshots, by control number, with the fields that differ.
public struct SnapshotDiff: Sendable {
    public struct Change: Sendable, Equatable {
        public var controlNo: String
        public var title: String?
        /// (column, old value, new value) for every column that differs.
        public var fields: [(name: String, old: String, new: String)]

        public static func == (lhs: Change, rhs: Change) -> Bool {
            lhs.controlNo == rhs.controlNo && lhs.fields.map { [$0.name, $0.old, $0.new] } == rhs.fields.map { [$0.name, $0.old, $0.new] }
        }
    }

    public var added: [Holding] = []
    public var removed: [Holding] = []
    public var changed: [Change] = []

    public init(old: [Holding], new: [Holding]) {
        let before = Dictionary(old.map { ($0.controlNo, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Set(new.map(\.controlNo))
        for holding in new {
            guard let previous = before[holding.controlNo] else {
                added.append(holding)
                continue
            }
            let oldValues = HoldingRow.values(previous)
            let newValues = HoldingRow.values(holding)
            let differing = HoldingRow.header.indices.filter { oldValues[$0] != newValues[$0] }
            if !differing.isEmpty {
                changed.append(Change(controlNo: holding.controlNo, title: holding.title,
                                      fields: differing.map { (HoldingRow.header[$0], oldValues[$0], newValues[$0]) }))
            }
        }
        removed = old.filter { !after.contains($0.controlNo) }
    }

    public static func load(csvAt path: String) throws(StateError) -> [Holding] {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) }
        catch { throw .cannotRead(path, reason: (error as NSError).localizedDescription) }
        var reader = CSVReader(bytes: Array(data))
        do {
            guard let header = try reader.next(), let layout = HoldingRow.Layout(header: header) else {
                throw StateError.notDlibs(path, detail: "its header is not that of a dlib export or snapshot", remedy: nil)
            }
            var holdings: [Holding] = []
            while let row = try reader.next() {
                if let holding = layout.holding(row) { holdings.append(holding) }
            }
            return holdings
        } catch let failure as StateError {
            throw failure
        } catch {
            throw .cannotRead(path, reason: "\(error)")
        }
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty }

    /// For people: a line per holding, `+` added (green on a terminal),
    /// `-` removed (red), `~` changed (yellow) with `field: old → new`
    /// beneath. Values are shown whole, wrapped to the width, never cut.
    public func text(style: RenderStyle) -> String {
        var lines = ["\(NumberText.grouped(added.count)) added, \(NumberText.grouped(removed.count)) removed, \(NumberText.grouped(changed.count)) changed"]
        /// `text` wrapped below `lead`, continued under the text's start.
        func wrapped(_ lead: String, _ text: String, colour: (String) -> String) {
            let indent = style.cells.of(lead)
            let body = TextWrap.lines(text, width: max(style.width - indent, 10), cells: style.cells)
            for (index, line) in (body.isEmpty ? [""] : body).enumerated() {
                lines.append(colour((index == 0 ? lead : String(repeating: " ", count: indent)) + line))
            }
        }
        func holding(_ mark: String, _ id: String, _ title: String?, colour: (String) -> String) {
            wrapped("\(mark) \(Sanitiser.clean(id))  ", Sanitiser.clean(title ?? ""), colour: colour)
        }
        for each in added { holding("+", each.controlNo, each.title, colour: style.green) }
        for each in removed { holding("-", each.controlNo, each.title, colour: style.red) }
        for change in changed {
            holding("~", change.controlNo, change.title, colour: style.yellow)
            for field in change.fields {
                // An empty side is shown as a dash, so `— → 대출가능` reads as new.
                func shown(_ value: String) -> String { value.isEmpty ? style.glyphs.dash : Sanitiser.clean(value) }
                let text = "\(shown(field.old)) \(style.glyphs.arrow) \(shown(field.new))"
                wrapped("    \(field.name): ", text, colour: style.yellow)
            }
        }
        return lines.map { $0.trimmingTrailingSpaces() }.joined(separator: "\n") + "\n"
    }

    /// For scripts: `{"added": [...], "removed": [...], "changed": [{"controlNo", "fields": {name: {"old", "new"}}}]}`.
    public func json() -> String {
        let changedItems = changed.map { change in
            let fields = change.fields.map { "\(JSONWriter.quote($0.name)):{\"old\":\(JSONWriter.quote($0.old)),\"new\":\(JSONWriter.quote($0.new))}" }
            return "{\"controlNo\":\(JSONWriter.quote(change.controlNo)),\"fields\":{\(fields.joined(separator: ","))}}"
        }
        func list(_ items: [String]) -> String {
            items.isEmpty ? "[]" : "[\n    " + items.joined(separator: ",\n    ") + "\n  ]"
        }
        return """
        {
          "added": \(list(added.map(JSONWriter.object))),
          "removed": \(list(removed.map(JSONWriter.object))),
          "changed": \(list(changedItems))
        }

        """
    }
}
