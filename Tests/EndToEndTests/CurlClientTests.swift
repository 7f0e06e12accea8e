import DLibKit
import Foundation
import SampleServer
import Testing

/// The libcurl client and the in-flight guard against a real loopback server.
@Suite struct CurlClientTests {
    @Test func concurrentCallersForOnePageShareOneTransfer() async throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(200)))
        let loader = PageLoader(client: CatalogueClient(config: ServiceConfig(endpoint: box.endpoint, serviceKey: nil)))
        let query = PageQuery(pageNo: 2, pageSize: 20)
        let pages = try await withThrowingTaskGroup(of: Page.self) { group in
            for _ in 0..<8 { group.addTask { try await loader.page(query) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(pages.count == 8)
        #expect(Set(pages.map { $0.holdings.map(\.controlNo) }).count == 1)
        #expect(box.server.requestCounts() == [2: 1])
        #expect(await loader.requestsStarted == 1)
    }

    @Test func differentPagesRunAtTheSameTime() async throws {
        let box = try Sandbox(options: .init(latency: .milliseconds(300)))
        let client = CatalogueClient(config: ServiceConfig(endpoint: box.endpoint, serviceKey: nil))
        let pages = try await withThrowingTaskGroup(of: Page.self) { group in
            for number in 1...6 { group.addTask { try await client.page(PageQuery(pageNo: number, pageSize: 20)) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(pages.map(\.pageNo)) == Set(1...6))
        // The server saw them overlap: the multi handle ran them at once.
        #expect(box.server.mostRequestsAtOnce >= 2)
    }

    @Test func aRefusedConnectionIsATransportError() async throws {
        let client = CurlClient()
        // Bind a port, then close it, so nothing listens there.
        let server = LoopbackHTTPServer { _ in ServerResponse(status: 200, text: "") }
        let port = try server.start()
        server.stop()
        try await Task.sleep(for: .milliseconds(50))
        let error = await #expect(throws: TransportError.self) {
            try await client.get(HTTPRequest(url: "http://127.0.0.1:\(port)/holdings?serviceKey=secret"))
        }
        #expect(error?.kind == .couldNotConnect)
        #expect(error?.userMessage == "could not connect to 127.0.0.1:\(port) (connection refused)")
    }

    @Test func aSilentServerTimesOut() async throws {
        let box = try Sandbox(options: .init(latency: .seconds(3)))
        let client = CurlClient()
        let error = await #expect(throws: TransportError.self) {
            try await client.get(HTTPRequest(url: box.endpoint + "?pageNo=1", timeout: .milliseconds(300)))
        }
        #expect(error?.kind == .timedOut)
        #expect(error?.userMessage.hasSuffix("within 0.3 s") == true)
    }

    @Test func cancellingTheTaskAbortsTheTransfer() async throws {
        let box = try Sandbox(options: .init(latency: .seconds(5)))
        let client = CurlClient()
        let task = Task { try await client.get(HTTPRequest(url: box.endpoint + "?pageNo=1")) }
        try await Task.sleep(for: .milliseconds(200))
        task.cancel()
        // Had the transfer gone on, the 5 s answer would have come back as a success.
        let result = await task.result
        #expect(throws: CancellationError.self) { try result.get() }
    }

    @Test func aBodyOverTheCapIsRefused() async throws {
        let box = try Sandbox()
        let client = CurlClient()
        let error = await #expect(throws: TransportError.self) {
            try await client.get(HTTPRequest(url: box.endpoint + "?pageNo=1&numOfRows=100", maxBodyBytes: 4096))
        }
        #expect(error?.kind == .bodyTooLarge(limit: 4096))
    }

    @Test func connectionsAreReusedFromPageToPage() async throws {
        let box = try Sandbox()
        let client = CurlClient()
        for number in 1...5 {
            let response = try await client.get(HTTPRequest(url: box.endpoint + "?pageNo=\(number)"))
            #expect(response.status == 200)
        }
        #expect(box.server.connectionsAccepted == 1)
    }
}

extension CurlClientTests {
    /// The guard is structured: cancelling the caller that fetches cancels
    /// the transfer at once, instead of leaving it to run to its timeout.
    @Test func cancellingTheCallerCancelsTheFetch() async throws {
        let box = try Sandbox()
        box.server.inject(.hang)
        let loader = PageLoader(client: CatalogueClient(config: ServiceConfig(endpoint: box.endpoint, serviceKey: nil),
                                                         timeout: .seconds(120)))
        let fetch = Task { try await loader.page(PageQuery(pageNo: 1, pageSize: 20)) }
        // Cancelled once the server holds the request (a loaded machine can
        // take a while to send it), not after a guessed delay.
        for _ in 0..<1000 where box.server.requests.isEmpty {
            try await Task.sleep(for: .milliseconds(10))
        }
        fetch.cancel()
        let outcome = await fetch.result
        // A transfer left to run would end in the 120 s timeout's transport
        // error; a cancelled one ends in CancellationError. No clock needed.
        #expect(throws: CancellationError.self) { try outcome.get() }
        #expect(box.server.requests.count == 1)
        box.server.stop()
    }
}
