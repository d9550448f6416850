import Foundation
import Logging
import NIOCore
import PostgresNIO

/// What the snapshot routes read: the newest saved replica state of a household in the kit's current checkpoint
/// format, its size and digest, its bytes, and the live product records its lots refer to.
extension PostgresSyncStore {
    /// The `through_seq` and mark of the household's newest saved state with `through_seq >= atLeast` whose bytes
    /// start with `header` (the kit's current format), or `nil`.
    func newestReplicaCheckpointMark(of household: HouseholdID, atLeast: Int64, header: [UInt8]) async throws
        -> (seq: Int64, mark: String)?
    {
        let prefix = ByteBuffer(bytes: header)
        for (seq, mark) in try await client.watchedQuery(
            """
            SELECT through_seq, mark FROM replica_checkpoints
            WHERE household_id = \(household.rawValue) AND through_seq >= \(atLeast)
              AND substring(state FROM 1 FOR \(Int32(header.count))) = \(prefix)
            ORDER BY through_seq DESC LIMIT 1
            """,
            logger: logger,
            decoding: (Int64, String).self
        ) {
            return (seq, mark)
        }
        return nil
    }

    /// The size and SHA-256 (lowercase hex) of the household's saved state through `seq`, or `nil` when it is no
    /// longer kept.
    func replicaCheckpointDigest(of household: HouseholdID, through seq: Int64) async throws
        -> (byteCount: Int64, sha256: String)?
    {
        for (byteCount, sha256) in try await client.watchedQuery(
            """
            SELECT octet_length(state)::bigint, encode(sha256(state), 'hex') FROM replica_checkpoints
            WHERE household_id = \(household.rawValue) AND through_seq = \(seq)
            """,
            logger: logger,
            decoding: (Int64, String).self
        ) {
            return (byteCount, sha256)
        }
        return nil
    }

    /// The bytes of the household's saved state through `seq`, as stored, or `nil` when it is no longer kept.
    func replicaCheckpointState(of household: HouseholdID, through seq: Int64) async throws -> ByteBuffer? {
        for bytes in try await client.watchedQuery(
            "SELECT state FROM replica_checkpoints WHERE household_id = \(household.rawValue) AND through_seq = \(seq)",
            logger: logger,
            decoding: ByteBuffer.self
        ) {
            return bytes
        }
        return nil
    }

    /// Whether the household's saved state through `seq` is still kept.
    func hasReplicaCheckpoint(of household: HouseholdID, through seq: Int64) async throws -> Bool {
        for _ in try await client.watchedQuery(
            "SELECT 1 FROM replica_checkpoints WHERE household_id = \(household.rawValue) AND through_seq = \(seq)",
            logger: logger,
            decoding: Int32.self
        ) {
            return true
        }
        return false
    }

    /// The current records (JSON text, as a pull serves them) of the household's live products among `ids`, in id
    /// order; a deleted product or one the server never received has none.
    func liveProductRecords(of household: HouseholdID, ids: [String]) async throws -> [(id: String, record: String)] {
        let unique = Array(Set(ids))
        guard !unique.isEmpty else { return [] }
        var records: [(id: String, record: String)] = []
        for (id, record) in try await client.watchedQuery(
            """
            SELECT entity_id, record::text FROM entities
            WHERE household_id = \(household.rawValue) AND kind = 'product' AND live AND record IS NOT NULL
              AND entity_id = ANY(\(unique)::text[])
            ORDER BY entity_id
            """,
            logger: logger,
            decoding: (String, String).self
        ) {
            records.append((id, record))
        }
        return records
    }
}
