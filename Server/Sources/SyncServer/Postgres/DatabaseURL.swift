import Foundation
import PostgresNIO

/// A parsed `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require][&host=/socket/dir]`.
///
/// A `host` query item naming a directory connects through the Unix socket `<dir>/.s.PGSQL.<port>`, as libpq does.
package struct DatabaseURL: Sendable {
    /// Errors parsing a database URL; the password never appears in them.
    package enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a URL at all.
        case unparseable
        /// Not a `postgres://` or `postgresql://` URL.
        case unsupportedScheme
        /// No user name.
        case missingUser
        /// Neither a host nor a socket directory.
        case missingHost
        /// A port outside 1…65535.
        case portOutOfRange(Int)
        /// An `sslmode` other than `disable`, `prefer` or `require`.
        case unsupportedSSLMode(String)

        /// A sentence describing the problem.
        package var description: String {
            switch self {
            case .unparseable: "The database URL is not a URL (postgres://user@host:port/database)."
            case .unsupportedScheme: "The database URL must start with postgres:// or postgresql://."
            case .missingUser: "The database URL must name a user."
            case .missingHost: "The database URL must name a host or a socket directory (?host=/dir)."
            case .portOutOfRange(let port): "The database URL's port \(port) is outside 1–65535."
            case .unsupportedSSLMode(let mode): "Unsupported sslmode '\(mode)' (disable, prefer or require)."
            }
        }
    }

    /// Where the database listens.
    package enum Endpoint: Sendable, Equatable, CustomStringConvertible {
        /// A TCP host and port.
        case tcp(host: String, port: Int)
        /// A Unix socket's path.
        case socket(path: String)

        /// `host:port`, or `socket /dir/.s.PGSQL.5432`.
        package var description: String {
            switch self {
            case .tcp(let host, let port): host.contains(":") && !host.hasPrefix("[") ? "[\(host)]:\(port)" : "\(host):\(port)"
            case .socket(let path): "socket \(path)"
            }
        }
    }

    /// How the connection uses TLS (`sslmode`).
    package enum TLSMode: String, Sendable {
        /// Never TLS.
        case disable
        /// TLS when the server offers it.
        case prefer
        /// TLS or no connection.
        case require
    }

    /// Where the database listens.
    package let endpoint: Endpoint
    /// The user to connect as.
    package let user: String
    /// The password, if the URL has one.
    package let password: String?
    /// The database, if the URL names one (PostgreSQL then uses the user's name).
    package let database: String?
    /// TLS for TCP connections (sockets never use it).
    package let tlsMode: TLSMode

    /// Parses a URL.
    /// - Throws: ``ParseError``.
    package init(_ string: String) throws(ParseError) {
        guard let components = URLComponents(string: string), components.scheme != nil else { throw .unparseable }
        guard components.scheme == "postgres" || components.scheme == "postgresql" else { throw .unsupportedScheme }
        guard let user = components.user, !user.isEmpty else { throw .missingUser }
        let port = components.port ?? 5432
        guard (1...65_535).contains(port) else { throw .portOutOfRange(port) }
        let query = components.queryItems ?? []
        let mode = query.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        guard let tlsMode = TLSMode(rawValue: mode) else { throw .unsupportedSSLMode(mode) }
        if let socketDirectory = query.first(where: { $0.name == "host" })?.value, socketDirectory.hasPrefix("/") {
            endpoint = .socket(path: "\(socketDirectory)/.s.PGSQL.\(port)")
        } else {
            guard let host = components.host, !host.isEmpty else { throw .missingHost }
            endpoint = .tcp(host: host, port: port)
        }
        let path = components.path.drop(while: { $0 == "/" })
        self.user = user
        self.password = components.password
        self.database = path.isEmpty ? nil : String(path)
        self.tlsMode = tlsMode
    }

    /// The client configuration a URL describes.
    /// - Throws: ``ParseError``.
    package static func configuration(from string: String) throws -> PostgresClient.Configuration {
        try DatabaseURL(string).clientConfiguration
    }

    /// The configuration of a pool of connections.
    package var clientConfiguration: PostgresClient.Configuration {
        switch endpoint {
        case .socket(let path):
            return PostgresClient.Configuration(unixSocketPath: path, username: user, password: password, database: database)
        case .tcp(let host, let port):
            let tls: PostgresClient.Configuration.TLS =
                switch tlsMode {
                case .disable: .disable
                case .prefer: .prefer(.makeClientConfiguration())
                case .require: .require(.makeClientConfiguration())
                }
            return PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
    }

    /// The configuration of one connection, with a connect timeout.
    /// - Throws: NIOSSL's error when the TLS context cannot be made.
    package func connectionConfiguration(connectTimeout: Duration) throws -> PostgresConnection.Configuration {
        var configuration: PostgresConnection.Configuration
        switch endpoint {
        case .socket(let path):
            configuration = .init(unixSocketPath: path, username: user, password: password, database: database)
        case .tcp(let host, let port):
            let tls: PostgresConnection.Configuration.TLS =
                switch tlsMode {
                case .disable: .disable
                case .prefer: .prefer(try NIOSSLContext(configuration: .makeClientConfiguration()))
                case .require: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                }
            configuration = .init(host: host, port: port, username: user, password: password, database: database, tls: tls)
        }
        configuration.options.connectTimeout = .nanoseconds(
            connectTimeout.components.seconds * 1_000_000_000 + connectTimeout.components.attoseconds / 1_000_000_000)
        return configuration
    }
}
