import Foundation
import Logging
import PostgresNIO

/// One connection and one `SELECT 1`, bounded in time, before a command or the server relies on the database:
/// a stale or wrong database URL is then one ``DatabaseUnavailable`` within seconds, where the connection pool
/// would retry for about a minute and log every attempt.
package enum DatabaseProbe {
    /// Connects to `url`, runs `SELECT 1` and closes the connection, all within `timeout`.
    /// - Throws: ``DatabaseUnavailable`` saying what failed and where.
    package static func check(_ url: DatabaseURL, timeout: Duration = .seconds(5), logger: Logger) async throws(DatabaseUnavailable) {
        let endpoint = url.endpoint
        let seconds = Int(timeout.components.seconds)
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    let connection = try await PostgresConnection.connect(
                        configuration: url.connectionConfiguration(connectTimeout: timeout), id: 0, logger: logger)
                    do {
                        try await connection.query("SELECT 1", logger: logger)
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try await connection.close()
                }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw DatabaseUnavailable.timedOut(endpoint, seconds: seconds)
                }
                defer { group.cancelAll() }
                _ = try await group.next()
            }
        } catch let error as DatabaseUnavailable {
            throw error
        } catch {
            throw classify(error, url: url, seconds: seconds)
        }
    }

    /// The ``DatabaseUnavailable`` case a connection's error means.
    static func classify(_ error: any Error, url: DatabaseURL, seconds: Int) -> DatabaseUnavailable {
        let endpoint = url.endpoint
        guard let error = error as? PSQLError else { return .failed(endpoint, reason: oneLine("\(error)")) }
        switch error.code {
        case .server:
            let reason = error.serverInfo?[.message] ?? "no reason given"
            switch error.serverInfo?[.sqlState] {
            case "28P01", "28000": return .authenticationFailed(endpoint, user: url.user, reason: reason)
            case "3D000": return .databaseMissing(endpoint, database: url.database ?? url.user)
            default: return .failed(endpoint, reason: oneLine(reason))
            }
        case .authMechanismRequiresPassword:
            return .authenticationFailed(endpoint, user: url.user, reason: "the server asks for a password and the URL has none")
        case .unsupportedAuthMechanism:
            return .authenticationFailed(endpoint, user: url.user, reason: "the server asks for an authentication method the client lacks")
        case .sslUnsupported:
            return .failed(endpoint, reason: "the server does not offer TLS and the URL says sslmode=require")
        case .connectionError:
            return classifyNetwork(error.underlying, url: url, seconds: seconds)
        case .serverClosedConnection, .uncleanShutdown:
            if error.underlying != nil { return classifyNetwork(error.underlying, url: url, seconds: seconds) }
            return .failed(endpoint, reason: "the server closed the connection at once (is it PostgreSQL on that port?)")
        default:
            return .failed(endpoint, reason: oneLine(String(reflecting: error)))
        }
    }

    /// A network failure's case: refused, timed out, unknown host, or another `errno`.
    static func classifyNetwork(_ underlying: (any Error)?, url: DatabaseURL, seconds: Int) -> DatabaseUnavailable {
        let endpoint = url.endpoint
        var errors: [any Error] = underlying.map { [$0] } ?? []
        if let connection = underlying as? NIOConnectionError {
            errors = connection.connectionErrors.map(\.error)
            if errors.isEmpty, connection.dnsAError != nil || connection.dnsAAAAError != nil {
                return .unknownHost(connection.host)
            }
        }
        for error in errors {
            if let error = error as? ChannelError, case .connectTimeout = error { return .timedOut(endpoint, seconds: seconds) }
            if let error = error as? IOError, [ECONNREFUSED, ENOENT].contains(error.errnoCode) { return .refused(endpoint) }
        }
        if let error = errors.first as? IOError { return .failed(endpoint, reason: String(cString: strerror(error.errnoCode))) }
        return .failed(endpoint, reason: oneLine(errors.first.map { "\($0)" } ?? "the connection failed"))
    }

    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
