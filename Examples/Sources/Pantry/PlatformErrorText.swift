import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One human line for the platform's errors (file system, network, POSIX), which pantry would otherwise print as
/// `Error Domain=NSCocoaErrorDomain Code=516 …` or `URLError -1003`.
enum PlatformErrorText {
    /// The line and exit status for a platform error a command threw as it is; `nil` for any other error.
    static func line(for error: any Error) -> (line: String, status: PantryExitStatus)? {
        if let error = error as? URLError { return (network(error.code.rawValue, host: error.failingURL?.host), .failure) }
        let error = error as NSError
        switch error.domain {
        case NSCocoaErrorDomain:
            let missing = [NSFileNoSuchFileError, NSFileReadNoSuchFileError].contains(error.code)
            return (file(error), missing ? .badInput : .failure)
        case NSURLErrorDomain: return (network(error.code, host: nil), .failure)
        case NSPOSIXErrorDomain: return (posix(Int32(error.code)), .failure)
        default: return nil
        }
    }

    /// The text with every platform error spelled as the platform prints it (`URLError -1003`,
    /// `Error Domain=NSCocoaErrorDomain Code=516 "…" UserInfo={…}`) replaced by words.
    static func humanized(_ text: String) -> String {
        var text = text
        // `Error Domain=D Code=N "description" UserInfo={…NSFilePath=PATH…}` runs to the end of the text.
        if let start = text.range(of: "Error Domain=") {
            let tail = String(text[start.lowerBound...])
            let domain = tail.dropFirst("Error Domain=".count).prefix { $0 != " " }
            let code = Int(tail.components(separatedBy: " Code=").dropFirst().first?.prefix { $0 == "-" || $0.isNumber } ?? "")
            let path = tail.components(separatedBy: "NSFilePath=").dropFirst().first?.prefix { $0 != "," && $0 != "}" }
            let underlying = tail.components(separatedBy: "NSPOSIXErrorDomain Code=").dropFirst().first
                .flatMap { Int32($0.prefix { $0.isNumber }) }
            var words: String
            switch (String(domain), code) {
            case (NSCocoaErrorDomain, let code?):
                words = file(NSError(domain: NSCocoaErrorDomain, code: code, userInfo: path.map { [NSFilePathErrorKey: String($0)] } ?? [:]))
                if let underlying, code == NSFileWriteUnknownError || code == NSFileReadUnknownError {
                    words = "\(path.map { "\($0): " } ?? "")\(posix(underlying))"
                }
            case (NSPOSIXErrorDomain, let code?): words = posix(Int32(code))
            case (NSURLErrorDomain, let code?): words = network(code, host: nil)
            default: words = "a system error (\(domain) \(code.map(String.init) ?? "?"))"
            }
            text = String(text[..<start.lowerBound]) + words
        }
        // SQLite's codes for a file that is not (or no longer) a database.
        for (code, words) in Self.sqliteDamage {
            if let range = text.range(of: #"SQLite error \#(code): [^-]*"#, options: .regularExpression) {
                text.replaceSubrange(range, with: words)
            }
        }
        // Foundation's generic sentence before the one that says what happened (Linux spells it this way).
        for generic in ["The operation could not be completed. ", "The operation couldn’t be completed. "] {
            text = text.replacingOccurrences(of: generic, with: "")
        }
        while let match = text.range(of: #"URLError -?[0-9]+"#, options: .regularExpression) {
            let code = Int(text[match].dropFirst("URLError ".count)) ?? 0
            text.replaceSubrange(match, with: network(code, host: nil))
        }
        return text
    }

    /// SQLite's result codes for a damaged or foreign file, and what they mean to a person.
    static let sqliteDamage = [
        (26, "it is not a SQLite database (damaged, or another kind of file)"),
        (11, "the database file is damaged"),
    ]

    /// Whether a storage failure's reason is SQLite saying the file is damaged or not a database.
    static func isSQLiteDamage(_ reason: String) -> Bool {
        sqliteDamage.contains { reason.contains("SQLite error \($0.0):") }
    }

    /// A file-system error in words, naming the path when the error carries it.
    static func file(_ error: NSError) -> String {
        let path = (error.userInfo[NSFilePathErrorKey] as? String) ?? (error.userInfo[NSURLErrorKey] as? URL)?.path
        let subject = path ?? "the file"
        switch error.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "\(subject) does not exist"
        case NSFileWriteFileExistsError:
            var folder: ObjCBool = false
            if let path, FileManager.default.fileExists(atPath: path, isDirectory: &folder), !folder.boolValue {
                return "\(path) is a file, where pantry needs a folder"
            }
            return "\(subject) already exists"
        case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "no permission to use \(subject)"
        case NSFileWriteOutOfSpaceError: return "the disk is full (writing \(subject))"
        case NSFileWriteVolumeReadOnlyError: return "\(subject) is on a read-only volume"
        case NSFileReadCorruptFileError, NSFileReadInapplicableStringEncodingError: return "\(subject) cannot be read as text"
        case NSFileReadTooLargeError: return "\(subject) is too large to read"
        case NSFileWriteInvalidFileNameError, NSFileReadInvalidFileNameError: return "\(subject) is not a valid file name"
        default:
            if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
                return "\(subject): \(posix(Int32(underlying.code)))"
            }
            return "\(subject) could not be used (file system error \(error.code))"
        }
    }

    /// A network error in words, for the URL error code (`-1003`).
    static func network(_ code: Int, host: String?) -> String {
        let server = host.map { "the host \($0)" } ?? "the host"
        switch URLError.Code(rawValue: code) {
        case .cannotFindHost, .dnsLookupFailed: return "\(server) cannot be found (check the address and the network)"
        case .cannotConnectToHost: return "nothing answers at \(server) (is the server running?)"
        case .timedOut: return "\(server) did not answer in time"
        case .notConnectedToInternet: return "this machine is not connected to a network"
        case .networkConnectionLost: return "the connection to \(server) was lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return "a secure (TLS) connection to \(server) could not be made"
        case .badURL, .unsupportedURL: return "the address is not a URL pantry can use"
        case .badServerResponse, .cannotParseResponse, .zeroByteResource: return "\(server) sent an answer that cannot be read"
        default: return "a network error talking to \(server) (URL error \(code))"
        }
    }

    /// A POSIX error number in words: `no such file or directory`.
    static func posix(_ code: Int32) -> String {
        switch code {
        case EADDRINUSE: return "the address is already in use (another program listens on that port)"
        case ENOSPC: return "the disk is full"
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or folder"
        case ENOTDIR: return "a part of the path is a file, not a folder"
        case EEXIST: return "it already exists"
        case EROFS: return "the volume is read-only"
        default: return String(cString: strerror(code)).lowercased()
        }
    }
}
