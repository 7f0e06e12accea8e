import DLibKit
import Foundation
import SampleServer
import Testing

/// Every fault kind of the API contract, through the real binary against
/// the sample server: the exit status, the one line, how often the server
/// was asked, that the cursor stayed, and that the key never showed.
@Suite struct FaultTests {
    static let key = "Fault+Key/Secret=="

    typealias Outcome = FaultRun

    /// Shows page 2, injects `fault` on page 3, and runs `list --next`,
    /// with the key set; the key never shows.
    func nextPage(with fault: Fault, times: Int = .max, arguments: [String] = [], options: SampleServer.Options = .init()) throws -> Outcome {
        var options = options
        options.serviceKey = Self.key
        let outcome = try FaultRun.nextPage(with: fault, times: times, arguments: arguments, options: options, key: Self.key)
        #expect(!outcome.result.stdout.contains("Fault") && !outcome.result.stderr.contains("Fault"), "the key never shows")
        #expect(!outcome.result.stderr.contains("Secret"))
        return outcome
    }

    func cursorStayed(_ outcome: Outcome) throws { try outcome.cursorStayed() }

    func failed(_ outcome: Outcome, _ line: String, attempts: Int) throws {
        try outcome.failed(line, attempts: attempts)
    }

    @Test func aPersistent500IsTriedFourTimesThenNamed() throws {
        let outcome = try nextPage(with: .status(500))
        try failed(outcome, "page 3: the server answered HTTP 500 (4 attempts)", attempts: 4)
    }

    @Test(arguments: [502, 503, 504, 429])
    func aPassingGatewayFaultIsRetriedAndTheRunSucceeds(status: Int) throws {
        let outcome = try nextPage(with: .status(status, retryAfter: "1"), times: 1)
        #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
        #expect(outcome.attempts == 2)
        #expect(outcome.result.stdout.contains("\"page\": 3"))
    }

    @Test func retryAfterAsAnHTTPDateIsHonoured() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let when = formatter.string(from: Date().addingTimeInterval(1))
        let outcome = try nextPage(with: .status(503, retryAfter: when), times: 1)
        #expect(outcome.result.status == 0, "\(outcome.result.stderr)")
        #expect(outcome.attempts == 2)
    }

    @Test func anotherClientErrorIsNotRetried() throws {
        let outcome = try nextPage(with: .status(403))
        try failed(outcome, "page 3: the server answered HTTP 403", attempts: 1)
    }

    @Test func anHTMLMaintenancePageIsNamedAndNotRetried() throws {
        let outcome = try nextPage(with: .html("서비스 점검 중입니다"))
        try failed(outcome, "the server sent an HTML page (text/html, HTTP 200) instead of XML: \"서비스 점검 중입니다\"", attempts: 1)
    }

    @Test func aTruncatedBodyIsRetriedThenNamed() throws {
        let outcome = try nextPage(with: .truncated, arguments: ["--retries", "1"])
        #expect(outcome.result.status == 1)
        #expect(outcome.result.stderr.hasPrefix("dlib: the connection to 127.0.0.1:"))
        #expect(outcome.result.stderr.contains("was lost before the answer was complete"))
        #expect(outcome.result.stderr.hasSuffix("(2 attempts)\n"))
        #expect(outcome.attempts == 2)
        try cursorStayed(outcome)
    }

    @Test func malformedXMLIsRetriedOnce() throws {
        let outcome = try nextPage(with: .malformed)
        #expect(outcome.result.status == 1)
        #expect(outcome.result.stderr.hasPrefix("dlib: page 3: the server's answer is not valid catalogue XML ("))
        #expect(outcome.result.stderr.hasSuffix("(2 attempts)\n"))
        #expect(outcome.attempts == 2)
        try cursorStayed(outcome)
    }

    @Test func aBillionLaughsBodyFailsFast() throws {
        let outcome = try nextPage(with: .billionLaughs, arguments: ["--retries", "0"])
        #expect(outcome.result.status == 1)
        #expect(outcome.result.stderr.hasPrefix("dlib: page 3: the server's answer is not valid catalogue XML"))
        #expect(outcome.attempts == 1)
        try cursorStayed(outcome)
    }

    static let permanentCodes: [(String, String)] = [
        ("10", "the server rejected a request parameter (INVALID_REQUEST_PARAMETER_ERROR, code 10); this is a bug or a bad flag"),
        ("12", "there is no such service at this endpoint (NO_OPENAPI_SERVICE_ERROR, code 12); check DLIB_ENDPOINT"),
        ("20", "access to the service was denied (SERVICE_ACCESS_DENIED_ERROR, code 20)"),
        ("22", "the daily request quota of this service key is spent (LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR, code 22); try again tomorrow"),
        ("30", "the service key is not registered (SERVICE_KEY_IS_NOT_REGISTERED_ERROR, code 30); a new key can take an hour to become active"),
        ("31", "the service key has expired (DEADLINE_HAS_EXPIRED_ERROR, code 31); renew it on the data portal"),
        ("32", "this machine's IP address is not registered for the key (UNREGISTERED_IP_ERROR, code 32)"),
    ]

    @Test(arguments: permanentCodes)
    func aPermanentResultCodeIsNamedOnceAndNotRetried(code: String, line: String) throws {
        let outcome = try nextPage(with: .code(code))
        try failed(outcome, line, attempts: 1)
    }

    @Test(arguments: ["20", "30", "31", "32"])
    func theGatewayEnvelopeIsNamedTheSameWay(code: String) throws {
        let message = Self.permanentCodes.first { $0.0 == code }!.1
        let name = message.split(separator: "(")[1].split(separator: ",")[0]
        let outcome = try nextPage(with: .gateway(code: code, message: String(name)))
        try failed(outcome, message, attempts: 1)
    }

    @Test func unknownError99IsRetried() throws {
        let outcome = try nextPage(with: .code("99"), arguments: ["--retries", "2"])
        try failed(outcome, "the service had an unknown error (UNKNOWN_ERROR, code 99) (3 attempts)", attempts: 3)
    }

    @Test func noData03PastTheEndIsExitThree() throws {
        let outcome = try nextPage(with: .code("03"))
        #expect(outcome.result.status == 3)
        #expect(outcome.result.stderr == "dlib: no more pages\n")
        #expect(outcome.attempts == 1)
        try cursorStayed(outcome)
    }

    @Test func aSlowAnswerWithinTheTimeoutIsFine() throws {
        let outcome = try nextPage(with: .delay(.milliseconds(300)), arguments: ["--timeout", "5"])
        #expect(outcome.result.status == 0)
    }

    @Test func aServerThatHangsTimesOut() throws {
        let outcome = try nextPage(with: .hang, arguments: ["--timeout", "1", "--retries", "0"])
        #expect(outcome.result.status == 1)
        #expect(outcome.result.stderr.hasPrefix("dlib: no answer from 127.0.0.1:"))
        #expect(outcome.result.stderr.hasSuffix(" within 1 s\n"))
        #expect(outcome.attempts == 1)
        outcome.box.server.stop()
    }

    @Test func aRefusedConnectionIsNamedAfterItsRetries() throws {
        let box = try Sandbox()
        let endpoint = box.endpoint
        box.server.stop()
        let result = try box.dlib(key: Self.key).run("list", "--endpoint", endpoint, "--retries", "1")
        let port = URL(string: endpoint)!.port!
        #expect(result.status == 1)
        #expect(result.stderr == "dlib: could not connect to 127.0.0.1:\(port) (connection refused) (2 attempts)\n")
    }

    @Test func verboseShowsEachRequestWithTheKeyRedacted() throws {
        let outcome = try nextPage(with: .status(503), times: 1, arguments: ["--verbose"])
        #expect(outcome.result.status == 0)
        let lines = outcome.result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.hasPrefix("dlib: GET http://127.0.0.1:") && $0.contains("serviceKey=REDACTED&pageNo=3&numOfRows=20") })
        #expect(lines[0].contains("→ HTTP 503, "))
        #expect(lines[1].contains("→ HTTP 200, "))
    }

    @Test func aCorruptCursorIsReportedAndReset() throws {
        let box = try Sandbox()
        let dlib = box.dlib()
        #expect(try dlib.run("list", "--page", "4").status == 0)
        let cursors = box.stateDir + "/cursors"
        let file = try #require(try FileManager.default.contentsOfDirectory(atPath: cursors).first { $0.hasSuffix(".json") })
        try Data("{\"page\": 4, \"pa".utf8).write(to: URL(fileURLWithPath: cursors + "/" + file))
        let result = try dlib.run("list", "--next")
        #expect(result.status == 0)
        #expect(result.stderr.hasPrefix("dlib: the remembered page ("))
        #expect(result.stderr.hasSuffix(") was unreadable and is reset\n"))
        #expect(result.stdout.controlNumbers == box.ids(page: 1))
    }

    @Test func theKeyCanLiveInAPrivateConfigFileButNotAReadableOne() throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        let config = box.stateDir + "/config"
        try FileManager.default.createDirectory(atPath: config + "/dlib", withIntermediateDirectories: true)
        let file = config + "/dlib/config"
        try Data("# dlib\nservice_key = \(Self.key)\n".utf8).write(to: URL(fileURLWithPath: file))
        chmod(file, 0o600)
        let dlib = box.dlib(extra: ["XDG_CONFIG_HOME": config])
        #expect(try dlib.run("list").status == 0)
        chmod(file, 0o644)
        let refused = try dlib.run("list")
        #expect(refused.status == 1)
        #expect(refused.stderr == "dlib: \(file) can be read by other users and may hold the service key; run `chmod 600 \(file)`\n")
    }

    @Test func aKeyPastedIntoTheEndpointIsUsedButNeverStored() throws {
        let box = try Sandbox(options: .init(serviceKey: Self.key))
        let pasted = box.endpoint + "?serviceKey=Fault%2BKey%2FSecret%3D%3D"
        let result = try box.dlib(extra: ["DLIB_ENDPOINT": pasted]).run("list", "--format", "json")
        #expect(result.status == 0, "\(result.stderr)")
        expectNoKey(Self.key, inFilesUnder: box.stateDir)
    }
}
