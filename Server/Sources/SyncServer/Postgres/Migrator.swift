import Logging
import PostgresNIO

/// Applies ``SchemaMigrations`` that a database has not seen yet, all in one transaction.
///
/// A transaction-scoped advisory lock makes two servers starting at once apply each migration once; the
/// names applied are recorded in `schema_migrations(name, applied_at)`.
package struct Migrator: Sendable {
    /// The migrations this migrator applies, in order.
    package let migrations: [Migration]

    /// Creates a migrator; defaults to the server's schema.
    package init(migrations: [Migration] = SchemaMigrations.all) {
        self.migrations = migrations
    }

    /// Applies the missing migrations and returns their names.
    /// - Throws: `PSQLError` when a statement fails; the transaction is rolled back and nothing is recorded.
    @discardableResult
    package func migrate(client: PostgresClient, logger: Logger) async throws -> [String] {
        let migrations = self.migrations
        return try await client.withStoreTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(7305241)", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    name text PRIMARY KEY,
                    applied_at timestamptz NOT NULL DEFAULT now()
                )
                """,
                logger: logger
            )
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM schema_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            var newlyApplied: [String] = []
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements {
                    try await connection.query(statement, logger: logger)
                }
                try await connection.query(
                    "INSERT INTO schema_migrations (name) VALUES (\(migration.name))",
                    logger: logger
                )
                logger.info("Applied migration", metadata: ["migration": "\(migration.name)"])
                newlyApplied.append(migration.name)
            }
            return newlyApplied
        }
    }
}
