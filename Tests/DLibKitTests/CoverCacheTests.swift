import Foundation
import SampleServer
import Testing
@testable import DLibKit

/// The cover cache in the local store: what is kept, what is dropped first.
@Suite struct CoverCacheTests {
    let state = StateDirectory(path: NSTemporaryDirectory() + "dlib-covers-\(UUID().uuidString)/state")

    func cover(_ name: String, bytes: Int) -> CachedCover {
        CachedCover(url: "https://covers.example/\(name)", width: 1, height: bytes / 4, pixels: [UInt8](repeating: 7, count: bytes),
                    etag: "\"\(name)\"", lastModified: "Mon, 02 Nov 2026 10:00:00 GMT")
    }

    @Test func keepsPixelsAndValidators() throws {
        let store = try LocalStore(state: state)
        let one = cover("one", bytes: 400)
        try store.storeCovers([one])
        let found = try store.cachedCovers([one.url, "https://covers.example/none"])
        #expect(found.count == 1)
        let kept = try #require(found[one.url])
        #expect(kept.pixels == one.pixels && kept.etag == one.etag && kept.lastModified == one.lastModified)
        #expect(kept.isPicture)
    }

    /// Past the cap, the least recently used go first: a cover read after
    /// being stored outlives one stored later but never read.
    @Test func leastRecentlyUsedGoFirst() throws {
        let store = try LocalStore(state: state)
        let first = cover("first", bytes: 1000)
        let second = cover("second", bytes: 1000)
        try store.storeCovers([first], cap: 10_000)
        try store.storeCovers([second], cap: 10_000)
        try store.touchCovers([first.url]) // first is now the most recently used
        let third = cover("third", bytes: 1000)
        try store.storeCovers([third], cap: 2 * (1000 + third.url.utf8.count) + 10)
        let left = try store.cachedCovers([first.url, second.url, third.url])
        #expect(Set(left.keys) == [first.url, third.url])
        #expect(try store.coverCacheSize().count == 2)
    }

    @Test func aRememberedNonPictureIsNoPicture() throws {
        let store = try LocalStore(state: state)
        try store.storeCovers([CachedCover(url: "https://covers.example/404", width: 0, height: 0, pixels: [])])
        let found = try store.cachedCovers(["https://covers.example/404"])
        #expect(found.count == 1 && found.values.allSatisfy { !$0.isPicture })
    }

    /// Drawings are kept per signature and go with their cover: a new
    /// picture for the URL, or its eviction, drops them.
    @Test func drawingsFollowTheirCover() throws {
        let store = try LocalStore(state: state)
        let one = cover("one", bytes: 400)
        try store.storeDrawings([one.url: ["a", "b"]], signature: "blocks 10x5")
        #expect(try store.cachedDrawings([one.url], signature: "blocks 10x5").isEmpty, "no cover, no drawing")
        try store.storeCovers([one])
        try store.storeDrawings([one.url: ["a", "b"]], signature: "blocks 10x5")
        #expect(try store.cachedDrawings([one.url], signature: "blocks 10x5")[one.url]?.lines == ["a", "b"])
        #expect(try store.cachedDrawings([one.url], signature: "kitty 10x5").isEmpty)
        try store.storeCovers([one])
        #expect(try store.cachedDrawings([one.url], signature: "blocks 10x5").isEmpty, "a new picture is drawn again")
    }

    @Test func onlyPlainWebURLsAreFetched() {
        #expect(CoverURL.accepted("https://covers.example/a.jpg") != nil)
        #expect(CoverURL.accepted("HTTP://covers.example/a.jpg") != nil)
        for bad in ["file:///etc/passwd", "ftp://x/a.jpg", "gopher://x", "https://x/a b.jpg", "https://x/\u{1B}[2J", "//x/a.jpg",
                    "https://x/" + String(repeating: "a", count: 3000), "dict://x"] {
            #expect(CoverURL.accepted(bad) == nil, "\(bad)")
        }
    }
}

/// The fetcher against the sample server on loopback: a stale cached cover
/// is asked for with its ETag and kept on a 304.
@Suite struct CoverRevalidationTests {
    @Test func staleCoverIsRevalidatedWithItsETag() async throws {
        let state = StateDirectory(path: NSTemporaryDirectory() + "dlib-covers-\(UUID().uuidString)/state")
        let store = try LocalStore(state: state)
        let server = SampleServer(records: [], options: .init())
        let endpoint = try server.start()
        defer { server.stop() }
        let url = endpoint.replacingOccurrences(of: SampleServer.path, with: "") + SampleCover.png.path(for: "MOE000000001")
        let fetcher = CoverFetcher(client: CurlClient(), store: store, drawer: CoverDrawer(mode: .blocks))

        let (first, update) = await fetcher.pictures([url])
        #expect(update.fresh.count == 1)
        try store.storeCovers(update.fresh)
        #expect(first[url]?.isPicture == true)
        #expect(first[url]?.etag == "\"png-MOE000000001\"")
        // Age it past freshness: the next view asks again, conditionally.
        var aged = try #require(first[url])
        aged.fetchedAt = Date(timeIntervalSinceNow: -CoverFetcher.freshFor - 60)
        aged.pixels = [UInt8](repeating: 1, count: aged.pixels.count) // marks the cached copy
        try store.storeCovers([aged])
        let (second, renewal) = await fetcher.pictures([url])
        #expect(server.coverRequests == 2)
        #expect(second[url]?.pixels == aged.pixels, "304: the cached pixels stand")
        #expect(renewal.renewed == [url] && renewal.fresh.isEmpty)
        try store.renewCovers(renewal.renewed)
        // Fresh again: no third request.
        let (_, third) = await fetcher.pictures([url])
        #expect(server.coverRequests == 2)
        #expect(third.used == [url])
    }
}
