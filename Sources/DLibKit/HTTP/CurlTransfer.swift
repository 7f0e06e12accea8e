import CCurl
import CShims
import Foundation

/// One GET in flight: its easy handle and the bytes received so far.
/// Lives on the curl engine's thread only, from submission to completion.
final class CurlTransfer {
    let id: Int
    let easy: UnsafeMutableRawPointer
    private let request: HTTPRequest
    private let continuation: CheckedContinuation<HTTPResponse, any Error>
    private var body: [UInt8] = []
    private var contentType: String?
    private var retryAfter: String?
    private var etag: String?
    private var lastModified: String?
    private var exceededLimit = false
    /// The request's extra headers; libcurl reads the list until cleanup.
    private var headerList: UnsafeMutablePointer<curl_slist>?

    /// nil when libcurl cannot make an easy handle (out of memory); the
    /// engine then fails the request instead of trapping.
    init?(submission: CurlEngine.Submission) {
        guard let easy = curl_easy_init() else { return nil }
        id = submission.id
        request = submission.request
        continuation = submission.continuation
        self.easy = easy
        configure()
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
    }

    private func configure() {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let timeoutMs = Int((request.timeout.inSeconds * 1000).rounded())
        dlib_curl_setopt_string(easy, CURLOPT_URL, request.url)
        dlib_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        dlib_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, max(timeoutMs, 1))
        dlib_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, max(timeoutMs, 1))
        dlib_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        dlib_curl_setopt_long(easy, CURLOPT_MAXREDIRS, 3)
        dlib_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        dlib_curl_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        dlib_curl_setopt_string(easy, CURLOPT_USERAGENT, "dlib/0.1 (+libcurl)")
        dlib_curl_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        for header in request.headers where !header.contains(where: { $0 == "\r" || $0 == "\n" }) {
            if let longer = curl_slist_append(headerList, header) { headerList = longer }
        }
        if let headerList { dlib_curl_setopt_slist(easy, CURLOPT_HTTPHEADER, headerList) }
        dlib_curl_setopt_pointer(easy, CURLOPT_PRIVATE, context)
        dlib_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        dlib_curl_setopt_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            return transfer.receive(UnsafeRawBufferPointer(start: data, count: size * count))
        }
        dlib_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        dlib_curl_setopt_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, context in
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
            transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
            return size * count
        }
    }

    static func from(easy: UnsafeMutableRawPointer?) -> CurlTransfer? {
        guard let easy else { return nil }
        var pointer: UnsafeMutableRawPointer?
        dlib_curl_getinfo_pointer(easy, CURLINFO_PRIVATE, &pointer)
        guard let pointer else { return nil }
        return Unmanaged<CurlTransfer>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Returning less than was offered makes curl abort with CURLE_WRITE_ERROR.
    private func receive(_ chunk: UnsafeRawBufferPointer) -> Int {
        if body.count + chunk.count > request.maxBodyBytes {
            exceededLimit = true
            return 0
        }
        body.append(contentsOf: chunk)
        return chunk.count
    }

    private func receiveHeader(_ line: UnsafeRawBufferPointer) {
        let text = String(decoding: line, as: UTF8.self)
        if text.hasPrefix("HTTP/") {
            // A new response (after a redirect or a 100): forget the last one's headers.
            contentType = nil
            retryAfter = nil
            etag = nil
            lastModified = nil
            return
        }
        guard let colon = text.firstIndex(of: ":") else { return }
        let name = text[..<colon].lowercased()
        let value = String(text[text.index(after: colon)...]).trimmingUnicodeWhitespace()
        switch name {
        case "content-type": contentType = value
        case "retry-after": retryAfter = value
        case "etag": etag = value
        case "last-modified": lastModified = value
        default: break
        }
    }

    func outcome(code: CURLcode) -> Result<HTTPResponse, any Error> {
        guard code == CURLE_OK else {
            // After a redirect the failure is the last host's, not the first's.
            var effective: UnsafePointer<CChar>?
            dlib_curl_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
            let url = effective.map { String(cString: $0) } ?? request.url
            var error = TransportError(
                curlCode: code, hostAndPort: URLParts.hostAndPort(of: url.isEmpty ? request.url : url),
                timeout: request.timeout, bodyLimit: exceededLimit ? request.maxBodyBytes : nil)
            error.timings = timings()
            return .failure(error)
        }
        var status = 0
        dlib_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var response = HTTPResponse(status: status, contentType: contentType, retryAfter: retryAfter, body: body,
                                    timings: timings())
        response.etag = etag
        response.lastModified = lastModified
        return .success(response)
    }

    /// libcurl's step times (microseconds from the start; 0 for a step that
    /// did not happen).
    private func timings() -> HTTPTimings {
        func step(_ info: CURLINFO) -> Duration? {
            var microseconds: curl_off_t = 0
            guard dlib_curl_getinfo_off_t(easy, info, &microseconds) == CURLE_OK, microseconds > 0 else { return nil }
            return .microseconds(microseconds)
        }
        var ip: UnsafePointer<CChar>?
        dlib_curl_getinfo_string(easy, CURLINFO_PRIMARY_IP, &ip)
        let address = ip.map { String(cString: $0) }
        return HTTPTimings(
            nameLookup: step(CURLINFO_NAMELOOKUP_TIME_T), connect: step(CURLINFO_CONNECT_TIME_T),
            tlsHandshake: step(CURLINFO_APPCONNECT_TIME_T), total: step(CURLINFO_TOTAL_TIME_T),
            primaryIP: address?.isEmpty == false ? address : nil)
    }

    func complete(_ outcome: Result<HTTPResponse, any Error>) {
        continuation.resume(with: outcome)
    }
}
