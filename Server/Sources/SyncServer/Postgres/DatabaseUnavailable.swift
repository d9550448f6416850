/// Why the database cannot be used: each case names where it was looked for and what to check, in one line a
/// command prints before it exits with ``exitStatus``.
package enum DatabaseUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    /// Nothing listens at the endpoint (TCP connection refused, or no socket file).
    case refused(DatabaseURL.Endpoint)
    /// No answer within the timeout.
    case timedOut(DatabaseURL.Endpoint, seconds: Int)
    /// The host name does not resolve.
    case unknownHost(String)
    /// The server refused the user (wrong password, no such role, or no `pg_hba.conf` entry).
    case authenticationFailed(DatabaseURL.Endpoint, user: String, reason: String)
    /// The server has no database of that name.
    case databaseMissing(DatabaseURL.Endpoint, database: String)
    /// Any other failure to connect, with the server's or the network's word for it.
    case failed(DatabaseURL.Endpoint, reason: String)

    /// The exit status of a command that could not reach its database: 69, `EX_UNAVAILABLE` of `sysexits.h`.
    package static let exitStatus: Int32 = 69

    /// One line: what failed, where, and what to check.
    package var description: String {
        switch self {
        case .refused(let endpoint):
            "Cannot reach PostgreSQL at \(endpoint): connection refused. Is the server running, and listening on that "
                + "\(endpoint.isSocket ? "socket directory and port" : "host and port")?"
        case .timedOut(let endpoint, let seconds):
            "PostgreSQL at \(endpoint) did not answer within \(seconds) s. Is the host reachable (address, firewall), "
                + "and is it PostgreSQL that listens on that port?"
        case .unknownHost(let host):
            "Cannot resolve the database host '\(host)'. Check the host name in the database URL."
        case .authenticationFailed(let endpoint, let user, let reason):
            "PostgreSQL at \(endpoint) refused user '\(user)': \(reason). Check the user name and password in the "
                + "database URL, and the server's pg_hba.conf."
        case .databaseMissing(let endpoint, let database):
            "PostgreSQL at \(endpoint) has no database '\(database)'. Check the database name in the database URL "
                + "(or create the database)."
        case .failed(let endpoint, let reason):
            "Cannot use PostgreSQL at \(endpoint): \(reason)."
        }
    }
}

extension DatabaseURL.Endpoint {
    var isSocket: Bool {
        if case .socket = self { return true }
        return false
    }
}
