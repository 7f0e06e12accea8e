import Foundation

/// The one place that decides whether a failed page is asked for again,
/// and when. Transient faults (a refused or dropped connection, a timeout,
/// HTTP 429 and 5xx, `resultCode` 99, a body cut short, malformed XML once)
/// are retried with exponential backoff and full jitter, honouring
/// `Retry-After`, within a number of attempts and a total time. Everything
/// else — the key, quota and parameter codes, other 4xx, an HTML page — is
/// permanent: asking again would only spend quota.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first one included.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var maxDelay: Duration
    /// No retry starts after this much time on one page.
    public var totalBudget: Duration

    public init(retries: Int = 3, baseDelay: Duration = .milliseconds(250),
                maxDelay: Duration = .seconds(8), totalBudget: Duration = .seconds(60)) {
        maxAttempts = max(retries, 0) + 1
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.totalBudget = totalBudget
    }

    public enum Decision: Equatable {
        case retry(after: Duration)
        case giveUp
    }

    /// After attempt number `attempt` (1-based) failed with `error`.
    public func decide(after error: CatalogueError, attempt: Int, elapsed: Duration, now: Date = Date()) -> Decision {
        guard attempt < maxAttempts, let kind = Self.transience(of: error) else { return .giveUp }
        if kind == .once && attempt > 1 { return .giveUp }
        var delay = backoff(attempt: attempt)
        if case .http(_, let retryAfter?) = error, let asked = Self.retryAfter(retryAfter, now: now) {
            delay = max(delay, asked)
        }
        guard elapsed + delay <= totalBudget else { return .giveUp }
        return .retry(after: delay)
    }

    private func backoff(attempt: Int) -> Duration {
        let exponential = baseDelay * (1 << min(attempt - 1, 16))
        let capped = min(exponential, maxDelay)
        return capped * Double.random(in: 0.5...1.0)
    }

    enum Transience { case always, once }

    /// nil for a permanent failure.
    static func transience(of error: CatalogueError) -> Transience? {
        switch error {
        case .transport(let transport): return transport.isTransient ? .always : nil
        case .http(let status, _): return status == 429 || (500...599).contains(status) ? .always : nil
        case .api(let code, _), .gateway(let code, _, _): return code == "99" ? .always : nil
        case .malformed, .notJSON, .emptyAnswer: return .once
        case .notXML, .noServiceKey, .otherDialect, .unexpectedAnswer, .pyxisFailure, .listTermRefused, .implausibleCount, .repeatedPage:
            return nil
        }
    }

    /// `Retry-After` as seconds or as an HTTP date.
    static func retryAfter(_ value: String, now: Date) -> Duration? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Int(trimmed) { return .seconds(max(seconds, 0)) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return .milliseconds(max(Int(date.timeIntervalSince(now) * 1000), 0))
    }
}

/// A page that could not be had, after every attempt the policy allowed.
public struct PageFetchError: Error, Sendable, UserFacing {
    public var page: Int
    public var attempts: Int
    public var error: CatalogueError

    public var userMessage: String {
        let tries = attempts > 1 ? Message.attempts(attempts).text() : ""
        // What went wrong with one page's answer names the page; a key,
        // quota or connection failure is the same for every page.
        switch error {
        case .http, .malformed, .notJSON, .unexpectedAnswer, .emptyAnswer: return Message.onPage(page: page, reason: error.userMessage).text() + tries
        default: return error.userMessage + tries
        }
    }
}
