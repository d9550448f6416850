import Logging
import PostgresNIO

extension Migrator {
    /// Applies the data migrations `schema_migrations` does not name yet, in order, and returns their names.
    ///
    /// Runs on one leased connection holding the migrators' advisory lock at session level (``lockKey``), so a
    /// second server starting meanwhile waits for it, then finds the migrations recorded and skips them. Each data
    /// migration commits its own batches on that connection; it is recorded once it returns. The lock is released
    /// at the end; when releasing it fails, the connection is closed (which releases it), so no pooled connection
    /// keeps it.
    /// - Throws: `PSQLError`, or what a data migration throws; that migration and the ones after it are not recorded.
    @discardableResult
    func applyDataMigrations(client: PostgresClient, logger: Logger) async throws -> [String] {
        let dataMigrations = self.dataMigrations
        guard !dataMigrations.isEmpty else { return [] }
        return try await client.withWatchedConnection { connection in
            try await connection.query("SELECT pg_advisory_lock(\(Self.lockKey))", logger: logger)
            let applied: [String]
            do {
                applied = try await Self.apply(dataMigrations, on: connection, logger: logger)
            } catch {
                await Self.unlock(connection, logger: logger)
                throw error
            }
            await Self.unlock(connection, logger: logger)
            return applied
        }
    }

    /// Applies the migrations not recorded yet and records each; the caller holds the lock.
    private static func apply(
        _ dataMigrations: [DataMigration], on connection: PostgresConnection, logger: Logger
    ) async throws -> [String] {
        var recorded = Set<String>()
        for try await name in try await connection.query("SELECT name FROM schema_migrations", logger: logger)
            .decode(String.self)
        {
            recorded.insert(name)
        }
        var applied: [String] = []
        for migration in dataMigrations where !recorded.contains(migration.name) {
            logger.info("Applying data migration", metadata: ["migration": "\(migration.name)"])
            try await migration.apply(connection, logger)
            try await connection.query(
                "INSERT INTO schema_migrations (name) VALUES (\(migration.name)) ON CONFLICT (name) DO NOTHING",
                logger: logger
            )
            logger.info("Applied data migration", metadata: ["migration": "\(migration.name)"])
            applied.append(migration.name)
        }
        return applied
    }

    /// Releases the session lock; closes the connection when that fails, which releases it too.
    private static func unlock(_ connection: PostgresConnection, logger: Logger) async {
        guard !connection.isClosed else { return }
        do {
            try await connection.query("SELECT pg_advisory_unlock(\(Self.lockKey))", logger: logger)
        } catch {
            logger.warning("Closing a connection whose migration lock did not release", metadata: ["error": "\(error)"])
            try? await connection.close()
        }
    }
}
