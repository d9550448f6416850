import Logging
import PostgresNIO

/// The server's data migrations, in the order they apply: rows rewritten in Swift once the schema is current
/// (``Migrator``). Named apart from the schema's numbered migrations (`data_` and a number of their own), so the
/// two lists never claim one name.
package enum DataMigrations {
    /// All data migrations, in the order they apply.
    package static let all: [DataMigration] = [productProvenanceStatedOnce]

    /// Stored products' provenance in the form that states each source once (``ProductProvenanceRestatement``):
    /// every product change payload (`changes`) and every product's current record (`entities`) whose provenance
    /// attribute is in the earlier form, each field stating its source in full.
    package static let productProvenanceStatedOnce = DataMigration(
        name: "data_0001_product_provenance_stated_once"
    ) { connection, logger in
        _ = try await ProductProvenanceRestatement().run(on: connection, logger: logger)
    }
}
