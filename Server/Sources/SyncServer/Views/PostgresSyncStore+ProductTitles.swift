import Foundation
import InventoryKit
import Logging
import PostgresNIO
import ProductModule

extension PostgresSyncStore {
    /// The titles of the household's live products among `ids`, read from their current records with the kit's
    /// `RemoteProductRecord`; a product without a title, a deleted one, one the server never received, or a record
    /// that does not decode has no entry.
    package func productTitles(of household: HouseholdID, ids: [String]) async throws -> [String: String] {
        let unique = Array(Set(ids))
        guard !unique.isEmpty else { return [:] }
        var titles: [String: String] = [:]
        for (id, record) in try await client.watchedQuery(
            """
            SELECT entity_id, record::text FROM entities
            WHERE household_id = \(household.rawValue) AND kind = 'product' AND live AND entity_id = ANY(\(unique)::text[])
            """,
            logger: logger,
            decoding: (String, String).self
        ) {
            guard let remote = try? RecordCoding.decode(RemoteProductRecord.self, from: Data(record.utf8)),
                let title = remote.product?.title, !title.isEmpty
            else { continue }
            titles[id] = title
        }
        return titles
    }
}
