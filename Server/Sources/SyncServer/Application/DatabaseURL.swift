import Foundation
import PostgresNIO

/// Parses `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require][&host=/socket/dir]`.
///
/// A `host` query item naming a directory connects through the Unix socket `<dir>/.s.PGSQL.<port>`, as libpq does.
public enum DatabaseURL {
    /// Errors parsing a database URL; the password never appears in them.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not a `postgres://` or `postgresql://` URL.
        case unsupportedScheme
        /// No user name.
        case missingUser
        /// Neither a host nor a socket directory.
        case missingHost
        /// An `sslmode` other than `disable`, `prefer` or `require`.
        case unsupportedSSLMode(String)

        /// A sentence describing the problem.
        public var description: String {
            switch self {
            case .unsupportedScheme: "The database URL must start with postgres:// or postgresql://."
            case .missingUser: "The database URL must name a user."
            case .missingHost: "The database URL must name a host or a socket directory (?host=/dir)."
            case .unsupportedSSLMode(let mode): "Unsupported sslmode '\(mode)'."
            }
        }
    }

    /// The client configuration a URL describes.
    /// - Throws: ``ParseError``.
    public static func configuration(from string: String) throws -> PostgresClient.Configuration {
        guard let components = URLComponents(string: string),
            components.scheme == "postgres" || components.scheme == "postgresql"
        else { throw ParseError.unsupportedScheme }
        guard let user = components.user, !user.isEmpty else { throw ParseError.missingUser }
        let password = components.password
        let path = components.path.drop(while: { $0 == "/" })
        let database: String? = path.isEmpty ? nil : String(path)
        let query = components.queryItems ?? []
        let port = components.port ?? 5432
        if let socketDirectory = query.first(where: { $0.name == "host" })?.value, socketDirectory.hasPrefix("/") {
            return PostgresClient.Configuration(
                unixSocketPath: "\(socketDirectory)/.s.PGSQL.\(port)",
                username: user,
                password: password,
                database: database
            )
        }
        guard let host = components.host, !host.isEmpty else { throw ParseError.missingHost }
        let tls: PostgresClient.Configuration.TLS
        switch query.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
        case "disable": tls = .disable
        case "prefer": tls = .prefer(.makeClientConfiguration())
        case "require": tls = .require(.makeClientConfiguration())
        case let other: throw ParseError.unsupportedSSLMode(other)
        }
        return PostgresClient.Configuration(host: host, port: port, username: user, password: password, database: database, tls: tls)
    }
}
