import Logging
import PostgresNIO

/// Applies ``SchemaMigrations`` that a database has not seen yet, all in one transaction, then the
/// ``DataMigrations`` it has not seen yet, each in batches of its own.
///
/// A transaction-scoped advisory lock makes two servers starting at once apply each schema migration once; the
/// names applied are recorded in `schema_migrations(name, applied_at)`. Data migrations are recorded there too,
/// under their own names, once they have run to the end (``Migrator+DataMigrations.swift``).
package struct Migrator: Sendable {
    /// The key of the advisory lock every migrator takes: schema migrations under a transaction lock, data
    /// migrations under a session lock, so the two never run at once.
    static let lockKey: Int64 = 7_305_241

    /// The migrations this migrator applies, in order.
    package let migrations: [Migration]
    /// The data migrations this migrator applies once the schema is current, in order.
    package let dataMigrations: [DataMigration]

    /// Creates a migrator; defaults to the server's schema and its data migrations.
    package init(migrations: [Migration] = SchemaMigrations.all, dataMigrations: [DataMigration] = DataMigrations.all) {
        self.migrations = migrations
        self.dataMigrations = dataMigrations
    }

    /// Applies the missing schema migrations and returns their names; then, when every migration of
    /// ``SchemaMigrations/all`` is applied (the schema data migrations are written against), applies the missing
    /// data migrations, which it logs but does not return.
    /// - Throws: `PSQLError` when a statement fails; the schema transaction is rolled back and nothing is recorded,
    ///   and a data migration that fails is not recorded (the batches it committed stay, and it runs again next time).
    @discardableResult
    package func migrate(client: PostgresClient, logger: Logger) async throws -> [String] {
        let migrations = self.migrations
        let (newlyApplied, schemaIsCurrent) = try await client.withStoreTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(Self.lockKey))", logger: logger)
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
                applied.insert(migration.name)
            }
            return (newlyApplied, SchemaMigrations.all.allSatisfy { applied.contains($0.name) })
        }
        if schemaIsCurrent {
            try await applyDataMigrations(client: client, logger: logger)
        }
        return newlyApplied
    }
}
