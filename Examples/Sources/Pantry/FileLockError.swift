import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a ``FileLock`` could not be taken or used.
enum FileLockError: Error, CustomStringConvertible {
    /// The file could not be opened or created.
    case open(path: String, errno: Int32)
    /// The file could not be locked.
    case lock(path: String, errno: Int32)
    /// The locked file could not be read or written.
    case io(path: String, errno: Int32)

    var description: String {
        switch self {
        case .open(let path, let code): "cannot open \(path): \(String(cString: strerror(code)))"
        case .lock(let path, let code): "cannot lock \(path): \(String(cString: strerror(code)))"
        case .io(let path, let code): "cannot read or write \(path): \(String(cString: strerror(code)))"
        }
    }
}
