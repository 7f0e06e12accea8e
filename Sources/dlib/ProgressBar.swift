import DLibKit
import Foundation

/// The export's progress on a terminal's stderr: one line redrawn in place,
/// at most ten times a second, wiped when done.
final class ProgressBar {
    private let width: Int
    private let started = ContinuousClock.now
    private var lastDrawn: ContinuousClock.Instant?
    private var drawn = false

    init(width: Int) {
        self.width = max(width, TerminalSize.minimumWidth)
    }

    func update(_ progress: Exporter.Progress) {
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100), progress.pagesDone < progress.totalPages { return }
        lastDrawn = now
        let line = Self.line(progress, elapsed: now - started, width: width)
        Terminal.raw("\r" + line + "\u{1B}[K")
        drawn = true
    }

    func finish() {
        guard drawn else { return }
        Terminal.raw("\r\u{1B}[K")
    }

    static func line(_ progress: Exporter.Progress, elapsed: Duration, width: Int) -> String {
        let seconds = max(elapsed.inSeconds, 0.001)
        let rate = Double(progress.pagesDone) / seconds
        let left = max(progress.totalPages - progress.pagesDone, 0)
        let eta = rate > 0 ? Int((Double(left) / rate).rounded(.up)) : 0
        let text = " \(progress.pagesDone)/\(progress.totalPages) pages · \(NumberText.grouped(progress.holdings)) holdings · "
            + "\(rate.formatted2) pages/s · ETA \(eta)s"
        let barWidth = max(width - DisplayWidth.of(text) - 3, 10)
        let fraction = progress.totalPages > 0 ? min(Double(progress.pagesDone) / Double(progress.totalPages), 1) : 0
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = "[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "]"
        return DisplayWidth.truncate(bar + text, to: width - 1)
    }
}
