/// What came back for one GET: the status, the headers dlib reads, the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String?
    /// The raw `Retry-After` value, when the server sent one.
    public var retryAfter: String?
    public var body: [UInt8]
    /// How long each step took, as libcurl measured it.
    public var timings: HTTPTimings?
    /// The validators a later conditional request sends back (covers).
    public var etag: String?
    public var lastModified: String?

    public init(status: Int, contentType: String? = nil, retryAfter: String? = nil, body: [UInt8], timings: HTTPTimings? = nil) {
        self.status = status
        self.contentType = contentType
        self.retryAfter = retryAfter
        self.body = body
        self.timings = timings
    }
}

/// The steps of one request as libcurl timed them, each from the start of
/// the request; nil for a step that did not happen (no TLS over http, no
/// connection after a failed look-up). What `dlib doctor` reports.
public struct HTTPTimings: Sendable, Equatable {
    public var nameLookup: Duration?
    public var connect: Duration?
    public var tlsHandshake: Duration?
    public var total: Duration?
    /// The address connected to.
    public var primaryIP: String?

    public init(nameLookup: Duration? = nil, connect: Duration? = nil, tlsHandshake: Duration? = nil,
                total: Duration? = nil, primaryIP: String? = nil) {
        self.nameLookup = nameLookup
        self.connect = connect
        self.tlsHandshake = tlsHandshake
        self.total = total
        self.primaryIP = primaryIP
    }
}

/// One GET to run: the URL and its bounds.
public struct HTTPRequest: Sendable {
    public var url: String
    /// Whole-request bound, connect included.
    public var timeout: Duration
    /// Bodies larger than this are refused while they arrive.
    public var maxBodyBytes: Int
    /// Extra request headers, `Name: value` (a conditional request's
    /// If-None-Match / If-Modified-Since). Lines with CR or LF are dropped.
    public var headers: [String]

    public init(url: String, timeout: Duration = .seconds(30), maxBodyBytes: Int = 16 << 20, headers: [String] = []) {
        self.url = url
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.headers = headers
    }
}
