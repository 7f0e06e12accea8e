import Foundation

/// The network half of `CoverFetcher`: the wanted covers, a few at once,
/// each bounded in time and size, until all are in or the deadline passes.
extension CoverFetcher {
    enum Outcome: Sendable {
        /// 304: the cached one stands.
        case renewed(CachedCover)
        /// A new picture (drawn when a box was given), or a remembered
        /// non-picture (a 404, a bad file).
        case stored(CachedCover, drawing: [String]?)
        /// Late or a transient failure: not remembered.
        case failed
    }

    /// Every wanted cover, `concurrency` at once, until all are in or the
    /// deadline passes; those still out then are cancelled.
    func fetchWanted(_ wanted: [(url: String, stale: CachedCover?)], box: (columns: Int, rows: Int)?) async -> [String: Outcome] {
        await withTaskGroup(of: (String, Outcome)?.self) { group in
            let deadline = self.deadline
            group.addTask {
                try? await Task.sleep(for: deadline)
                return nil
            }
            var queue = wanted[...]
            var running = 0
            while running < concurrency, let next = queue.popFirst() {
                group.addTask { (next.url, await fetch(next.url, stale: next.stale, box: box)) }
                running += 1
            }
            var outcomes: [String: Outcome] = [:]
            while running > 0, let finished = await group.next() {
                guard let (url, outcome) = finished else {
                    for item in queue { note("cover not fetched in time", item.url) }
                    break
                }
                outcomes[url] = outcome
                running -= 1
                if let next = queue.popFirst() {
                    group.addTask { (next.url, await fetch(next.url, stale: next.stale, box: box)) }
                    running += 1
                }
            }
            group.cancelAll()
            return outcomes
        }
    }

    func fetch(_ url: String, stale: CachedCover?, box: (columns: Int, rows: Int)?) async -> Outcome {
        var headers: [String] = []
        if let etag = stale?.etag { headers.append("If-None-Match: \(etag)") }
        if let modified = stale?.lastModified { headers.append("If-Modified-Since: \(modified)") }
        let request = HTTPRequest(url: url, timeout: deadline, maxBodyBytes: maxBodyBytes, headers: headers)
        let response: HTTPResponse
        do {
            response = try await client.get(request)
        } catch is CancellationError {
            note("cover late", url)
            return .failed
        } catch let error as TransportError where error.kind == .timedOut {
            // The request's own bound is the same deadline: whichever of the
            // two fires first, the cover was late.
            note("cover late", url)
            return .failed
        } catch {
            note("cover failed (\(Self.describe(error)))", url)
            return .failed
        }
        let etag = Self.validator(response.etag)
        let lastModified = Self.validator(response.lastModified)
        if response.status == 304, let stale {
            note("cover not modified", url)
            return .renewed(stale)
        }
        guard response.status == 200 else {
            note("cover refused: HTTP \(response.status)", url)
            // A 404 or 410 is an answer worth remembering; a 5xx may pass.
            return [404, 410].contains(response.status)
                ? .stored(CachedCover(url: url, width: 0, height: 0, pixels: []), drawing: nil) : .failed
        }
        do {
            let image = try CoverImage.decode(response.body, minimumDecodedSide: Self.thumbnailSize.width)
                .thumbnail(fitting: Self.thumbnailSize.width, Self.thumbnailSize.height)
            note("cover fetched (\(image.width)×\(image.height))", url)
            let drawing = box.flatMap { drawer.lines(image, columns: $0.columns, rows: $0.rows) }
            return .stored(CachedCover(url: url, width: image.width, height: image.height, pixels: image.rgba,
                                       etag: etag, lastModified: lastModified), drawing: drawing)
        } catch {
            note("cover is no picture (\(error))", url)
            return .stored(CachedCover(url: url, width: 0, height: 0, pixels: [], etag: etag, lastModified: lastModified),
                           drawing: nil)
        }
    }

    /// A validator worth sending back: short, printable ASCII.
    static func validator(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.utf8.count <= 200,
              value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        else { return nil }
        return value
    }

    static func describe(_ error: any Error) -> String {
        (error as? UserFacing)?.userMessage ?? "\(type(of: error))"
    }
}
