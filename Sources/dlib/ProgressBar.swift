import DLibKit
import Foundation

/// The export's progress on a terminal's stderr: one line redrawn in place,
/// at most ten times a second, wiped when done. Where no escape sequence
/// may be written (`TERM=dumb`, `--color never`) the line is redrawn with a
/// carriage return and blanks instead of `ESC[K`.
final class ProgressBar {
    private let style: RenderStyle
    private let started = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var drawn = false

    init(style: RenderStyle) {
        self.style = style
    }

    func update(_ progress: Exporter.Progress) {
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100), progress.pagesDone < progress.totalPages { return }
        lastDrawn = now
        let line = Self.line(progress, elapsed: now - started, style: style)
        Terminal.raw("\r" + line + clearToEnd(after: line))
        drawn = true
    }

    func finish() {
        guard drawn else { return }
        Terminal.raw("\r" + clearToEnd(after: "") + (style.escapes ? "" : "\r"))
    }

    private func clearToEnd(after line: String) -> String {
        style.escapes ? "\u{1B}[K" : String(repeating: " ", count: max(style.width - 1 - style.cells.of(line), 0))
    }

    static func line(_ progress: Exporter.Progress, elapsed: Duration, style: RenderStyle) -> String {
        let seconds = max(elapsed.inSeconds, 0.001)
        let rate = Double(progress.pagesDone) / seconds
        let left = max(progress.totalPages - progress.pagesDone, 0)
        let eta = rate > 0 ? Int((Double(left) / rate).rounded(.up)) : 0
        let text = Message.progress(pagesDone: progress.pagesDone, totalPages: progress.totalPages, holdings: progress.holdings,
                                    rate: rate.formatted2, eta: eta).text(style.language)
        let barWidth = max(style.width - style.cells.of(text) - 3, 10)
        let fraction = progress.totalPages > 0 ? min(Double(progress.pagesDone) / Double(progress.totalPages), 1) : 0
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = "[" + style.repeated(style.glyphs.barFilled, cells: filled)
            + style.repeated(style.glyphs.barEmpty, cells: barWidth - filled) + "]"
        return style.cells.truncate(bar + text, to: style.width - 1)
    }
}
