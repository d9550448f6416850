import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An exclusive `flock(2)` lock on a file that every pantry process of one store opens: held until ``unlock()``
/// (or until the process ends, however it ends: the kernel drops the lock with the descriptor). The file may also
/// carry a small state that only the lock's holder reads and writes (``read()``, ``replace(with:)``).
///
/// `flock` locks belong to the open file description, so two opens in one process exclude each other as two
/// processes do; it behaves the same on macOS and Linux (local file systems).
final class FileLock {
    /// The locked file.
    let url: URL
    private var descriptor: Int32

    private init(url: URL, descriptor: Int32) {
        self.url = url
        self.descriptor = descriptor
    }

    deinit { unlock() }

    /// Opens (creating when needed) and locks `url`, polling every `poll` seconds while another holder has it.
    ///
    /// - Returns: the lock, and whether it had to wait for another holder.
    /// - Throws: ``FileLockError/open(path:errno:)`` or ``FileLockError/lock(path:errno:)`` when the file cannot be
    ///   opened or locked; `CancellationError` when the task is cancelled while it waits.
    static func acquire(_ url: URL, poll: Double = 0.01) async throws -> (lock: FileLock, waited: Bool) {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileLockError.open(path: url.path, errno: errno) }
        var waited = false
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(descriptor)
                throw FileLockError.lock(path: url.path, errno: code)
            }
            waited = true
            do { try await Task.sleep(nanoseconds: UInt64(poll * 1e9)) } catch {
                close(descriptor)
                throw error
            }
        }
        return (FileLock(url: url, descriptor: descriptor), waited)
    }

    /// The file's whole content.
    ///
    /// - Throws: ``FileLockError/io(path:errno:)`` when it cannot be read (or the lock was given up).
    func read() throws -> Data {
        guard descriptor >= 0 else { throw FileLockError.io(path: url.path, errno: EBADF) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        var offset: off_t = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, offset) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileLockError.io(path: url.path, errno: errno)
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            offset += off_t(count)
        }
    }

    /// Replaces the file's content with `data`.
    ///
    /// - Throws: ``FileLockError/io(path:errno:)`` when it cannot be written (or the lock was given up).
    func replace(with data: Data) throws {
        guard descriptor >= 0, ftruncate(descriptor, 0) == 0 else {
            throw FileLockError.io(path: url.path, errno: descriptor >= 0 ? errno : EBADF)
        }
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { bytes in
                pwrite(descriptor, bytes.baseAddress.map { $0 + offset }, data.count - offset, off_t(offset))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw FileLockError.io(path: url.path, errno: errno)
            }
            offset += written
        }
    }

    /// Gives the lock up (and closes the file); later calls do nothing.
    func unlock() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }
}
