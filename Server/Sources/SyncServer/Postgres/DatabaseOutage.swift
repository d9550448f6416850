import _ConnectionPoolModule
import PostgresNIO

/// A database failure that says "not now" rather than "not this request": the connection died under the request,
/// no connection can be made, or the server refuses work for the moment (a standby that refuses writes, a server
/// shutting down or starting). The API answers it `503 unavailable`, which a device retries with the same body.
///
/// Nothing is half-written when a request fails this way: every write runs in one transaction
/// (``PostgresClient/withStoreTransaction(logger:_:)``), which PostgreSQL rolls back when a statement fails or the
/// session ends. A commit whose answer was lost (the connection died between `COMMIT` and its reply) is found by the
/// retry: its op ids answer `duplicate`, so a retried push is stored once.
package enum DatabaseOutage: Error, Sendable, Equatable, CustomStringConvertible {
    /// The connection closed or failed while the request used it: the server was stopped, killed or failed over.
    case connectionLost
    /// The pool could not make a connection for a while and gave up (its circuit breaker tripped).
    case unreachable
    /// The server refused the statement with a SQLSTATE that means it takes no such work for now.
    case refused(sqlState: String)

    /// SQLSTATEs that mean the server cannot take the work for now, each with its name in PostgreSQL's
    /// Appendix A; class `08` (connection exception) counts as a whole.
    static let transientStates: [String: String] = [
        "25006": "read_only_sql_transaction: a standby, or a server made read-only",
        "57P01": "admin_shutdown: the server is shutting down or the session was terminated",
        "57P02": "crash_shutdown: the server is restarting after a crash",
        "57P03": "cannot_connect_now: the server is starting or shutting down",
        "53300": "too_many_connections",
    ]

    /// The outage `error` reports, or nil when it is not one (a failure of the request itself).
    package init?(_ error: any Error) {
        if let error = error as? DatabaseOutage {
            self = error
        } else if PostgresClient.connectionIsGone(after: error) {
            self = .connectionLost
        } else if let error = error as? ConnectionPoolError, error == .connectionCreationCircuitBreakerTripped {
            self = .unreachable
        } else if let error = error as? PSQLError, error.code == .server,
            let state = error.serverInfo?[.sqlState], state.hasPrefix("08") || Self.transientStates[state] != nil
        {
            self = .refused(sqlState: state)
        } else {
            return nil
        }
    }

    /// What happened, in a few words, for the error envelope's details and the log.
    package var description: String {
        switch self {
        case .connectionLost: "the connection to the database was lost"
        case .unreachable: "no connection to the database could be made"
        case .refused(let state): "the database refused the work for now (SQLSTATE \(state)"
            + (Self.transientStates[state].map { ", \($0)" } ?? "") + ")"
        }
    }
}
