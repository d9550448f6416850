import Foundation
import InventoryKit
import Logging
import PostgresNIO
import ProductModule

extension PostgresSyncStore {
    /// The household's live products whose id (a normalized barcode, or `prd_…`) is `text`, or whose title holds
    /// it (case does not matter), by title, at most `limit`; read with the kit's `RemoteProductRecord`.
    package func products(of household: HouseholdID, matching text: String, limit: Int = 20) async throws
        -> [(id: String, title: String)]
    {
        let query = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return [] }
        // The text is a bound value; LIKE's own wildcards in it are escaped so they match themselves.
        let pattern = "%" + query.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_") + "%"
        var found: [(id: String, title: String)] = []
        for (id, record) in try await client.watchedQuery(
            """
            SELECT entity_id, record::text FROM entities
            WHERE household_id = \(household.rawValue) AND kind = 'product' AND live
              AND (entity_id = \(query) OR record->'product'->>'title' ILIKE \(pattern))
            ORDER BY record->'product'->>'title', entity_id
            LIMIT \(limit)
            """,
            logger: logger,
            decoding: (String, String).self
        ) {
            guard let remote = try? RecordCoding.decode(RemoteProductRecord.self, from: Data(record.utf8)) else { continue }
            found.append((id, remote.product?.title ?? id))
        }
        return found
    }

    /// Whether the household holds a live product of id `id` (its record received and not deleted): one lookup on
    /// the entities' primary key, whatever the catalog's size.
    package func hasLiveProduct(of household: HouseholdID, id: String) async throws -> Bool {
        try await !client.watchedQuery(
            """
            SELECT 1 FROM entities
            WHERE household_id = \(household.rawValue) AND kind = 'product' AND entity_id = \(id) AND live
            """,
            logger: logger,
            decoding: Int32.self
        ).isEmpty
    }
}
