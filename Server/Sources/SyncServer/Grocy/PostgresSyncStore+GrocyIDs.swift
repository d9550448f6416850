import Foundation
import Logging
import PostgresNIO

extension PostgresSyncStore {
    /// The Grocy ids of `keys` of `kind` in the household, allocating the missing ones from `grocy_id_seq`: an id,
    /// once answered, names its key for good.
    ///
    /// Existing ids are read first, so a number is burned only when two requests allocate the same key at once (the
    /// later `INSERT` meets the conflict after drawing its number).
    func grocyIDs(of household: HouseholdID, kind: GrocyIDKind, keys: [String]) async throws -> [String: Int32] {
        let unique = Array(Set(keys))
        guard !unique.isEmpty else { return [:] }
        var ids = try await existingGrocyIDs(of: household, kind: kind, keys: unique)
        let missing = unique.filter { ids[$0] == nil }
        guard !missing.isEmpty else { return ids }
        for (key, id) in try await client.committedQuery(
            """
            INSERT INTO grocy_ids (household_id, kind, key)
            SELECT \(household.rawValue), \(kind.rawValue), key FROM unnest(\(missing)::text[]) AS key
            ON CONFLICT DO NOTHING
            RETURNING key, id
            """,
            logger: logger,
            decoding: (String, Int32).self
        ) {
            ids[key] = id
        }
        // Keys another request allocated in between.
        let raced = missing.filter { ids[$0] == nil }
        if !raced.isEmpty {
            ids.merge(try await existingGrocyIDs(of: household, kind: kind, keys: raced)) { first, _ in first }
        }
        return ids
    }

    /// The key of the Grocy id `id` of `kind` in the household; `nil` when it names nothing of that kind there.
    func grocyKey(of household: HouseholdID, kind: GrocyIDKind, id: Int32) async throws -> String? {
        try await client.watchedQuery(
            """
            SELECT key FROM grocy_ids
            WHERE household_id = \(household.rawValue) AND kind = \(kind.rawValue) AND id = \(id)
            """,
            logger: logger,
            decoding: String.self
        ).first
    }

    private func existingGrocyIDs(of household: HouseholdID, kind: GrocyIDKind, keys: [String]) async throws
        -> [String: Int32]
    {
        var ids: [String: Int32] = [:]
        for (key, id) in try await client.watchedQuery(
            """
            SELECT key, id FROM grocy_ids
            WHERE household_id = \(household.rawValue) AND kind = \(kind.rawValue) AND key = ANY(\(keys)::text[])
            """,
            logger: logger,
            decoding: (String, Int32).self
        ) {
            ids[key] = id
        }
        return ids
    }
}
