import PostgresNIO

/// One named, ordered step of the schema. Applied at most once; recorded in `schema_migrations`.
///
/// Statements are constant SQL (no values), each sent as its own query. A migration never changes once it has
/// shipped: a later change to the schema is a new migration.
package struct Migration: Sendable {
    /// The unique name recorded in `schema_migrations`; ordered by position in ``SchemaMigrations/all``.
    package let name: String
    /// The statements, run in order inside the migrator's transaction.
    package let statements: [PostgresQuery]

    /// Creates a migration.
    package init(name: String, statements: [PostgresQuery]) {
        self.name = name
        self.statements = statements
    }
}
