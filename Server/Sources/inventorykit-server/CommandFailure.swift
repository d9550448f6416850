import ArgumentParser
import Foundation
import PostgresNIO
import SyncServer
import SyncWire

/// What a failed command prints (one line on standard error) and its exit status.
///
/// | status | meaning |
/// |---|---|
/// | 64 (`EX_USAGE`) | bad arguments or configuration |
/// | 65 (`EX_DATAERR`) | an id that names nothing on the server (a missing or erased household, an unknown device, feed or member) |
/// | 69 (`EX_UNAVAILABLE`) | the database cannot be reached or refuses the connection, or `serve`'s address is in use |
/// | 1 | anything else |
struct CommandFailure: Sendable {
    /// The line, without a trailing newline.
    let line: String
    /// The exit status.
    let status: Int32

    /// The failure `error` means, for `command`'s messages of argument errors.
    init(_ error: any Error, command: any ParsableCommand.Type) {
        switch error {
        case let error as ConfigurationError:
            (line, status) = (error.description, ConfigurationError.exitStatus)
        case let error as DatabaseUnavailable:
            (line, status) = (error.description, DatabaseUnavailable.exitStatus)
        case let error as AddressInUse:
            (line, status) = (error.description, AddressInUse.exitStatus)
        case let error as SyncStoreError:
            (line, status) = (error.description, 65)
        case let error as APIError:
            (line, status) = (error.message, error.code == .notFound ? 65 : error.code == .invalidRequest ? 64 : 1)
        case let error as PSQLError:
            (line, status) = Self.describe(error)
        default:
            (line, status) = (command.message(for: error), command.exitCode(for: error).rawValue)
        }
    }

    /// A PostgreSQL error after the connection worked: the connection lost (69), or the server's message.
    private static func describe(_ error: PSQLError) -> (String, Int32) {
        if [.connectionError, .serverClosedConnection, .uncleanShutdown].contains(error.code) {
            return ("Lost the connection to PostgreSQL; is the server still running?", DatabaseUnavailable.exitStatus)
        }
        let message = error.serverInfo?[.message] ?? "\(error.code)"
        let state = error.serverInfo?[.sqlState].map { " (SQLSTATE \($0))" } ?? ""
        return ("PostgreSQL refused the command: \(message)\(state).", 1)
    }

    /// The line with its prefix, newlines folded so it stays one line.
    var message: String {
        "Error: " + line.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
