import Logging
import PostgresNIO

extension PostgresSyncStore {
    /// Whether the household holds a product of id `id`, live or deleted, or never did: one lookup on the entities'
    /// primary key.
    package func catalogPresence(of household: HouseholdID, id: String) async throws -> CatalogPresence {
        let rows = try await client.watchedQuery(
            """
            SELECT live FROM entities
            WHERE household_id = \(household.rawValue) AND kind = 'product' AND entity_id = \(id)
            """,
            logger: logger,
            decoding: Bool.self
        )
        guard let live = rows.first else { return .absent }
        return live ? .live : .removed
    }
}
