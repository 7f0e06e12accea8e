import CCurl
import CShims
import Foundation
import Synchronization

/// An async HTTP GET client over one libcurl multi handle.
///
/// The multi handle runs on a thread of its own (see `CurlEngine`), so
/// connections are reused from request to request, many transfers run at
/// once, and no thread of Swift's cooperative pool ever blocks on the
/// network. Cancelling the calling task aborts its transfer.
public final class CurlClient: Sendable {
    private let engine: CurlEngine

    public init() {
        CurlEngine.initialiseLibcurlOnce()
        engine = CurlEngine()
        engine.start()
    }

    deinit {
        engine.shutdown()
    }

    public func get(_ request: HTTPRequest) async throws -> HTTPResponse {
        let id = engine.makeTransferID()
        defer { engine.forget(id) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                engine.submit(CurlEngine.Submission(id: id, request: request, continuation: continuation))
            }
        } onCancel: {
            engine.cancel(id)
        }
    }
}

/// Owns the CURLM handle and the thread that drives it.
///
/// `@unchecked Sendable` is safe here because the multi handle and every
/// easy handle are touched only on the engine's own thread (`run()`); other
/// threads reach the engine only through `inbox`, guarded by a Mutex, and
/// `curl_multi_wakeup`, which libcurl documents as safe from any thread.
final class CurlEngine: @unchecked Sendable {
    struct Submission: Sendable {
        var id: Int
        var request: HTTPRequest
        var continuation: CheckedContinuation<HTTPResponse, any Error>
    }

    private struct Inbox {
        var nextID = 0
        var submissions: [Submission] = []
        var cancelled: Set<Int> = []
        var shuttingDown = false
    }

    /// nil when libcurl could not make one (out of memory): then every
    /// request fails with a transport error instead of the process trapping.
    private let multi: UnsafeMutableRawPointer?
    private let inbox = Mutex(Inbox())
    private let stopped = DispatchSemaphore(value: 0)

    private static let globalInit: Void = {
        // CURL_GLOBAL_DEFAULT (SSL | WIN32); the macro does not import into Swift.
        curl_global_init(3)
    }()

    static func initialiseLibcurlOnce() {
        _ = globalInit
    }

    init() {
        multi = curl_multi_init()
        // Keep enough idle connections for the widest export concurrency.
        if let multi { dlib_curl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, 64) }
    }

    deinit {
        if let multi { curl_multi_cleanup(multi) }
    }

    func start() {
        guard multi != nil else { return }
        let thread = Thread { [self] in
            self.run()
            self.stopped.signal()
        }
        thread.name = "dlib.curl"
        thread.start()
    }

    func shutdown() {
        guard let multi else { return }
        inbox.withLock { $0.shuttingDown = true }
        curl_multi_wakeup(multi)
        stopped.wait()
    }

    func makeTransferID() -> Int {
        inbox.withLock { inbox in
            inbox.nextID += 1
            return inbox.nextID
        }
    }

    func submit(_ submission: Submission) {
        guard let multi else {
            submission.continuation.resume(throwing: TransportError.outOfMemory(submission.request))
            return
        }
        inbox.withLock { $0.submissions.append(submission) }
        curl_multi_wakeup(multi)
    }

    func cancel(_ id: Int) {
        guard let multi else { return }
        inbox.withLock { _ = $0.cancelled.insert(id) }
        curl_multi_wakeup(multi)
    }

    /// Drops a cancellation that arrived after its transfer had finished.
    func forget(_ id: Int) {
        inbox.withLock { _ = $0.cancelled.remove(id) }
    }

    // MARK: - The engine's thread

    private func run() {
        guard let multi else { return }
        var active: [Int: CurlTransfer] = [:]
        while true {
            let (submissions, cancelled, shuttingDown) = inbox.withLock { inbox in
                let taken = (inbox.submissions, inbox.cancelled, inbox.shuttingDown)
                inbox.submissions.removeAll()
                return taken
            }
            if shuttingDown {
                for transfer in active.values { finish(transfer, with: .failure(CancellationError())) }
                for submission in submissions { submission.continuation.resume(throwing: CancellationError()) }
                return
            }
            for submission in submissions {
                if cancelled.contains(submission.id) {
                    submission.continuation.resume(throwing: CancellationError())
                    continue
                }
                guard let transfer = CurlTransfer(submission: submission) else {
                    submission.continuation.resume(throwing: TransportError.outOfMemory(submission.request))
                    continue
                }
                curl_multi_add_handle(multi, transfer.easy)
                active[submission.id] = transfer
            }
            for id in cancelled {
                if let transfer = active.removeValue(forKey: id) {
                    finish(transfer, with: .failure(CancellationError()))
                }
            }

            var running: Int32 = 0
            curl_multi_perform(multi, &running)
            var queued: Int32 = 0
            while let message = curl_multi_info_read(multi, &queued) {
                guard message.pointee.msg == CURLMSG_DONE,
                      let transfer = CurlTransfer.from(easy: message.pointee.easy_handle)
                else { continue }
                active.removeValue(forKey: transfer.id)
                finish(transfer, with: transfer.outcome(code: dlib_curl_message_result(message)))
            }
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }

    private func finish(_ transfer: CurlTransfer, with outcome: Result<HTTPResponse, any Error>) {
        curl_multi_remove_handle(multi, transfer.easy)
        transfer.complete(outcome)
    }
}
