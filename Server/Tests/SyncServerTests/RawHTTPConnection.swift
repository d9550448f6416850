import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One request's bytes written as they are to a loopback port and the answer read until the server closes the
/// connection or stops sending: for requests no HTTP client library would send (a broken chunk, a huge header).
enum RawHTTPConnection {
    /// Errors of the socket calls.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `request` to `127.0.0.1:port` and returns what came back within `timeout` seconds.
    static func exchange(port: Int, _ request: [UInt8], timeout: Int = 10) throws -> String {
        let fd = try tcpSocket()
        defer { close(fd) }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw Failure(description: "connect failed: \(errno)") }
        var sent = 0
        while sent < request.count {
            let written = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            // The server may answer and close before it has read everything (a refused header): stop writing.
            guard written > 0 else { break }
            sent += written
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// A new IPv4 TCP socket; the caller closes it.
    static func tcpSocket() throws -> Int32 {
        #if canImport(Glibc)
        let streamType = Int32(SOCK_STREAM.rawValue)
        #else
        let streamType = SOCK_STREAM
        #endif
        let fd = socket(AF_INET, streamType, 0)
        guard fd >= 0 else { throw Failure(description: "socket failed: \(errno)") }
        return fd
    }

    /// A request's bytes: the request line, `headers` (each `Name: value`) and `body`, with CRLF line ends.
    static func request(_ line: String, headers: [String], body: String = "") -> [UInt8] {
        Array((([line] + headers).joined(separator: "\r\n") + "\r\n\r\n" + body).utf8)
    }
}
