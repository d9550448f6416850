import Foundation
import Logging
import PostgresNIO

extension PostgresSyncStore {
    /// The facts of the household's live products among `ids`, or of all of them when `ids` is `nil`; a product
    /// the server has no record of has no entry.
    func grocyProductFacts(of household: HouseholdID, ids: [String]?) async throws -> [String: GrocyProductFacts] {
        if let ids, ids.isEmpty { return [:] }
        let query: PostgresQuery =
            if let ids {
                """
                SELECT entity_id, record->'product'->>'title', record->'product'->>'shortDescription',
                       coalesce(jsonb_typeof(record->'product'->'barcode'), 'null') <> 'null',
                       (record->'product'->'relatedBarcodes')::text, (record->'product'->>'createdAt')::float8
                FROM entities
                WHERE household_id = \(household.rawValue) AND kind = 'product' AND live
                  AND entity_id = ANY(\(Array(Set(ids)))::text[])
                """
            } else {
                """
                SELECT entity_id, record->'product'->>'title', record->'product'->>'shortDescription',
                       coalesce(jsonb_typeof(record->'product'->'barcode'), 'null') <> 'null',
                       (record->'product'->'relatedBarcodes')::text, (record->'product'->>'createdAt')::float8
                FROM entities
                WHERE household_id = \(household.rawValue) AND kind = 'product' AND live
                """
            }
        var facts: [String: GrocyProductFacts] = [:]
        for (id, title, description, hasBarcode, related, created) in try await client.watchedQuery(
            query, logger: logger, decoding: (String, String?, String?, Bool, String?, Double?).self
        ) {
            let barcodes = related.flatMap { try? JSONDecoder().decode([String].self, from: Data($0.utf8)) } ?? []
            facts[id] = GrocyProductFacts(
                id: id, title: title, description: description, hasBarcode: hasBarcode, relatedBarcodes: barcodes,
                createdAt: created.map { Date(timeIntervalSinceReferenceDate: $0) })
        }
        return facts
    }

    /// The household's live product whose id is `barcode` or that lists it among its related barcodes.
    func grocyProduct(of household: HouseholdID, barcode: String) async throws -> String? {
        try await client.watchedQuery(
            """
            SELECT entity_id FROM entities
            WHERE household_id = \(household.rawValue) AND kind = 'product' AND live
              AND (entity_id = \(barcode) OR record->'product'->'relatedBarcodes' ? \(barcode))
            ORDER BY entity_id = \(barcode) DESC, entity_id
            LIMIT 1
            """,
            logger: logger,
            decoding: String.self
        ).first
    }
}
