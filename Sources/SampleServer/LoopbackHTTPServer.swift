import Foundation
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1: one thread accepting, one thread a
/// connection, keep-alive, each response written in one go with TCP_NODELAY
/// set (a head and body in two small writes would wait on a delayed ACK).
public final class LoopbackHTTPServer: Sendable {
    public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

    private struct State {
        var listener: Int32 = -1
        var connections: Set<Int32> = []
        var stopped = false
        var accepted = 0
    }

    private let handler: Handler
    private let state = Mutex(State())

    public init(handler: @escaping Handler) {
        self.handler = handler
    }

    /// Binds 127.0.0.1 (port 0 picks a free one) and returns the port.
    public func start(port: UInt16 = 0) throws -> UInt16 {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw ServerError.socket("socket", errno) }
        var yes: Int32 = 1
        setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let code = errno
            close(listener)
            throw ServerError.socket("bind to 127.0.0.1:\(port)", code)
        }
        guard listen(listener, 128) == 0 else { throw ServerError.socket("listen", errno) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(listener, $0, &length) }
        }
        state.withLock { $0.listener = listener }
        let thread = Thread { [self] in acceptLoop(listener) }
        thread.name = "sample-server.accept"
        thread.start()
        return UInt16(bigEndian: address.sin_port)
    }

    /// Closes the listener and every open connection. Safe to call twice:
    /// descriptors are shut down under the lock, and only while still
    /// open, so a number the kernel has since handed to another socket of
    /// this process is never touched.
    public func stop() {
        state.withLock { state in
            state.stopped = true
            if state.listener >= 0 { shutdown(state.listener, Int32(SHUT_RDWR)) }
            for fd in state.connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    public var connectionsAccepted: Int { state.withLock { $0.accepted } }

    deinit { stop() }

    private func acceptLoop(_ listener: Int32) {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                break
            }
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.connections.insert(fd)
                state.accepted += 1
                return true
            }
            guard admitted else { close(fd); break }
            var yes: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
            let thread = Thread { [self] in
                serve(fd)
                state.withLock { state in
                    state.connections.remove(fd)
                    close(fd)
                }
            }
            thread.name = "sample-server.connection"
            thread.start()
        }
        state.withLock { state in
            close(listener)
            state.listener = -1
        }
    }

    private func serve(_ fd: Int32) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            guard let end = headEnd(in: buffer) else {
                let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if count <= 0 { return }
                buffer += chunk[0..<count]
                if buffer.count > 64 * 1024 { return }
                continue
            }
            let head = String(decoding: buffer[0..<end], as: UTF8.self)
            buffer.removeFirst(end + 4)
            guard let request = ServerRequest(head: head) else {
                _ = send(all: ServerResponse(status: 400, contentType: "text/plain", text: "bad request\n").head(keepAlive: false), to: fd)
                return
            }
            let response = handler(request)
            switch response.delivery {
            case .whole:
                guard send(all: response.head(keepAlive: request.keepAlive) + response.body, to: fd),
                      request.keepAlive else { return }
            case .truncated(let count):
                _ = send(all: response.head(keepAlive: false) + response.body.prefix(count), to: fd)
                return
            }
        }
    }

    private func headEnd(in buffer: [UInt8]) -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func send(all bytes: [UInt8], to fd: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }
}

public enum ServerError: Error, CustomStringConvertible {
    case socket(String, Int32)

    public var description: String {
        switch self {
        case .socket(let what, let code): return "\(what) failed: \(String(cString: strerror(code)))"
        }
    }
}
