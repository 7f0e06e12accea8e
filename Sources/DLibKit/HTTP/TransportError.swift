import CCurl

/// A failure below HTTP: nothing usable came back from the server.
public struct TransportError: Error, Sendable, Equatable, UserFacing {
    public enum Kind: Sendable, Equatable {
        case couldNotConnect
        case couldNotResolve
        case timedOut
        /// The connection dropped or the body stopped short.
        case connectionLost
        case bodyTooLarge(limit: Int)
        case other
    }

    public var kind: Kind
    /// `host:port` of the request, for the user's line; never the query.
    public var hostAndPort: String
    /// curl's own words, for the cases dlib has no sentence of its own.
    public var detail: String
    public var timeout: Duration
    /// How far the request got, for `dlib doctor`.
    public var timings: HTTPTimings?
    /// libcurl's code, so a TLS failure can be told from others.
    public var curlCode: Int = 0

    public init(kind: Kind, hostAndPort: String, detail: String, timeout: Duration) {
        self.kind = kind
        self.hostAndPort = hostAndPort
        self.detail = detail
        self.timeout = timeout
    }

    /// libcurl's codes for a failed TLS handshake or certificate.
    public var isTLSFailure: Bool {
        [35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91, 98].contains(curlCode)
    }

    init(curlCode: CURLcode, hostAndPort: String, timeout: Duration, bodyLimit: Int?) {
        let kind: Kind
        switch curlCode {
        case CURLE_COULDNT_CONNECT: kind = .couldNotConnect
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY: kind = .couldNotResolve
        case CURLE_OPERATION_TIMEDOUT: kind = .timedOut
        case CURLE_WRITE_ERROR where bodyLimit != nil: kind = .bodyTooLarge(limit: bodyLimit!)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE, CURLE_GOT_NOTHING:
            kind = .connectionLost
        default: kind = .other
        }
        self.init(
            kind: kind, hostAndPort: hostAndPort,
            detail: String(cString: curl_easy_strerror(curlCode)), timeout: timeout)
        self.curlCode = Int(curlCode.rawValue)
    }

    /// libcurl could not allocate what a request needs.
    static func outOfMemory(_ request: HTTPRequest) -> TransportError {
        TransportError(kind: .other, hostAndPort: URLParts.hostAndPort(of: request.url),
                       detail: "libcurl is out of memory", timeout: request.timeout)
    }

    /// Faults worth another try: the server may answer next time.
    public var isTransient: Bool {
        switch kind {
        case .couldNotConnect, .timedOut, .connectionLost: return true
        case .couldNotResolve, .bodyTooLarge, .other: return false
        }
    }

    public var userMessage: String {
        let message: Message
        switch kind {
        case .couldNotConnect: message = .couldNotConnect(host: hostAndPort)
        case .couldNotResolve: message = .couldNotResolve(host: hostAndPort)
        case .timedOut: message = .timedOut(host: hostAndPort, seconds: timeout.inSeconds.formatted2)
        case .connectionLost: message = .connectionLost(host: hostAndPort, detail: detail)
        case .bodyTooLarge(let limit): message = .answerTooLarge(host: hostAndPort, mebibytes: limit >> 20)
        case .other: message = .requestFailed(host: hostAndPort, detail: detail)
        }
        return message.text()
    }
}

extension Double {
    /// Up to two decimals, without a trailing zero: 0.5, 1.25.
    public var formatted2: String {
        var text = String(Int((self * 100).rounded()))
        while text.count < 3 { text = "0" + text }
        let whole = text.dropLast(2)
        var fraction = String(text.suffix(2))
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? String(whole) : "\(whole).\(fraction)"
    }
}
