import Logging
import PostgresNIO

/// One named step that rewrites stored rows in Swift, after the schema is current. Applied at most once; recorded in
/// `schema_migrations` under its own name once it has run to the end.
///
/// Where a ``Migration`` is constant SQL run in the migrator's one transaction, a data migration reads rows, changes
/// them with the kit's own code and writes them back, committing batch by batch on the connection it is given (which
/// holds the migrators' advisory lock for the whole run, outside any transaction). It must be idempotent: when it is
/// interrupted, it is not recorded and runs again from the start, and must then skip the rows it already rewrote.
/// Like a schema migration, it never changes once it has shipped.
package struct DataMigration: Sendable {
    /// The unique name recorded in `schema_migrations`; ordered by position in ``DataMigrations/all``.
    package let name: String
    /// Runs the migration on a connection outside any transaction; it begins and commits its own transactions.
    package let apply: @Sendable (PostgresConnection, Logger) async throws -> Void

    /// Creates a data migration.
    package init(name: String, apply: @escaping @Sendable (PostgresConnection, Logger) async throws -> Void) {
        self.name = name
        self.apply = apply
    }
}
