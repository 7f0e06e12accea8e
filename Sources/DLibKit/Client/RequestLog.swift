import Foundation
import Synchronization

/// Counts the HTTP requests a run makes (retries included) and, with
/// `--verbose`, describes each in one line with the key redacted.
public final class RequestLog: Sendable {
    private let count = Mutex(0)
    private let sink: (@Sendable (String) -> Void)?

    public init(verbose sink: (@Sendable (String) -> Void)? = nil) {
        self.sink = sink
    }

    public var requests: Int { count.withLock { $0 } }

    func record(url: String, config: ServiceConfig, outcome: String, started: ContinuousClock.Instant) {
        count.withLock { $0 += 1 }
        guard let sink else { return }
        let ms = (ContinuousClock.now - started).inSeconds * 1000
        sink("GET \(config.redact(url)) → \(outcome) in \(Int(ms.rounded())) ms")
    }
}
