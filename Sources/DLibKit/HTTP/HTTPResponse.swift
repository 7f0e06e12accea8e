/// What came back for one GET: the status, the headers dlib reads, the body.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var contentType: String?
    /// The raw `Retry-After` value, when the server sent one.
    public var retryAfter: String?
    public var body: [UInt8]

    public init(status: Int, contentType: String? = nil, retryAfter: String? = nil, body: [UInt8]) {
        self.status = status
        self.contentType = contentType
        self.retryAfter = retryAfter
        self.body = body
    }
}

/// One GET to run: the URL and its bounds.
public struct HTTPRequest: Sendable {
    public var url: String
    /// Whole-request bound, connect included.
    public var timeout: Duration
    /// Bodies larger than this are refused while they arrive.
    public var maxBodyBytes: Int

    public init(url: String, timeout: Duration = .seconds(30), maxBodyBytes: Int = 16 << 20) {
        self.url = url
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
    }
}
