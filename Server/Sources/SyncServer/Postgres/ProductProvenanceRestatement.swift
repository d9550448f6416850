import Foundation
import InventoryKit
import Logging
import PostgresNIO
import ProductImport
import ProductModule

/// Rewrites the stored products' provenance from the earlier form (each field stating its provider, dates and
/// revision in full) to the form that states each source once (`Product.restateProvenance()`, ProductImport): the
/// data migration ``DataMigrations/productProvenanceStatedOnce``.
///
/// A product is stored twice over, both as the kit's `RemoteProductRecord`: in each of its change rows (`changes`,
/// kind `product`, `payload`) and as its current state (`entities`, kind `product`, `record`), the bytes of its latest
/// change row, which pulls, conflict answers, snapshots and the Grocy API serve or read. Both are rewritten, each row
/// the way the server reads and writes product payloads: decoded with `RecordCoding` as ``ChangeRules`` does, its
/// product's provenance restated, encoded with `RecordCoding` as ``EntityWrite`` does. Nothing else of a row changes:
/// not its `seq`, op id, stamp, record `sequence` or field clock, so a device's retried push is judged as before (a
/// duplicate by its op id, a conflict or not by its base stamp), and a device whose cursor is past a row is not sent
/// it again.
///
/// Household by household, in batches of at most ``batchSize`` rows found by keyset paging (`changes` by
/// `(entity_id, seq)` on its `changes_entity` index, `entities` by `entity_id` on its primary key), each batch read
/// and written in a transaction of its own: memory and lock time are bounded by a batch, whatever the database's size.
/// Only rows whose provenance attribute is present and does not name `"sources":` are read, so a run after an
/// interrupted one skips what that one rewrote. A row that does not decode, or whose provenance does not read, is
/// left as it is. A current state is written back only if no push replaced it since it was read (its `seq` is
/// unchanged), so a server still serving beside the migration (a rolling upgrade) loses nothing.
package struct ProductProvenanceRestatement: Sendable {
    /// What a run did.
    package struct Outcome: Sendable, Hashable {
        /// Change rows rewritten.
        package var changes = 0
        /// Current states rewritten.
        package var entities = 0
        /// Rows read in the earlier form and left as they are: the record or its provenance does not decode.
        package var unreadable = 0
    }

    /// The most rows a batch reads and writes.
    package let batchSize: Int

    /// Creates a restatement with batches of `batchSize` rows (at least one).
    package init(batchSize: Int = 500) {
        self.batchSize = max(1, batchSize)
    }

    /// Rewrites every household's stored products in batches on `connection`, which must be outside any transaction:
    /// each batch begins and commits its own.
    /// - Returns: how many rows were rewritten, and how many left as they are.
    /// - Throws: `PSQLError` when a statement fails; the batch under way is rolled back, the ones before stay.
    package func run(on connection: PostgresConnection, logger: Logger) async throws -> Outcome {
        var outcome = Outcome()
        var after: UUID?
        while true {
            var households: [UUID] = []
            for try await id in try await connection.query(
                """
                SELECT id FROM households WHERE \(after)::uuid IS NULL OR id > \(after)
                ORDER BY id LIMIT \(Int64(batchSize))
                """,
                logger: logger
            ).decode(UUID.self) {
                households.append(id)
            }
            for household in households {
                try await restateChanges(of: household, on: connection, logger: logger, into: &outcome)
                try await restateEntities(of: household, on: connection, logger: logger, into: &outcome)
            }
            guard households.count == batchSize, let last = households.last else { break }
            after = last
        }
        logger.info(
            "Restated stored products' provenance",
            metadata: [
                "changes": "\(outcome.changes)", "entities": "\(outcome.entities)", "unreadable": "\(outcome.unreadable)",
            ])
        return outcome
    }

    // MARK: - Change rows

    /// Rewrites the household's product change rows in the earlier form, batch by batch.
    private func restateChanges(
        of household: UUID, on connection: PostgresConnection, logger: Logger, into outcome: inout Outcome
    ) async throws {
        let key = ProductProvenance.attributeKey
        let limit = Int64(batchSize)
        var after = (entityID: "", seq: Int64(0))
        while true {
            let batch = try await Self.inTransaction(on: connection, logger: logger) { connection in
                var rows: [(entityID: String, seq: Int64, payload: String)] = []
                for try await row in try await connection.query(
                    """
                    SELECT entity_id, seq, payload::text FROM changes
                    WHERE household_id = \(household) AND kind = 'product' AND (entity_id, seq) > (\(after.entityID), \(after.seq))
                      AND strpos(payload->'product'->'attributes'->>\(key), '"sources":') = 0
                    ORDER BY entity_id, seq LIMIT \(limit)
                    """,
                    logger: logger
                ).decode((String, Int64, String).self) {
                    rows.append(row)
                }
                var seqs: [Int64] = []
                var payloads: [String] = []
                for row in rows {
                    guard let restated = Self.restated(row.payload) else {
                        logger.debug(
                            "Left a product change as it is: it or its provenance does not decode",
                            metadata: ["household": "\(household)", "seq": "\(row.seq)"])
                        continue
                    }
                    seqs.append(row.seq)
                    payloads.append(restated)
                }
                if !seqs.isEmpty {
                    try await connection.query(
                        """
                        UPDATE changes c SET payload = t.p::jsonb
                        FROM unnest(\(seqs)::bigint[], \(payloads)::text[]) AS t(s, p)
                        WHERE c.household_id = \(household) AND c.seq = t.s
                        """,
                        logger: logger
                    )
                }
                return (last: rows.last.map { ($0.entityID, $0.seq) }, read: rows.count, rewritten: seqs.count)
            }
            outcome.changes += batch.rewritten
            outcome.unreadable += batch.read - batch.rewritten
            guard batch.read == batchSize, let last = batch.last else { return }
            after = last
        }
    }

    // MARK: - Current states

    /// Rewrites the household's current product records in the earlier form, batch by batch; a record a push
    /// replaced since it was read is not written.
    private func restateEntities(
        of household: UUID, on connection: PostgresConnection, logger: Logger, into outcome: inout Outcome
    ) async throws {
        let key = ProductProvenance.attributeKey
        let limit = Int64(batchSize)
        var after = ""
        while true {
            let batch = try await Self.inTransaction(on: connection, logger: logger) { connection in
                var rows: [(entityID: String, seq: Int64, record: String)] = []
                for try await row in try await connection.query(
                    """
                    SELECT entity_id, seq, record::text FROM entities
                    WHERE household_id = \(household) AND kind = 'product' AND entity_id > \(after)
                      AND strpos(record->'product'->'attributes'->>\(key), '"sources":') = 0
                    ORDER BY entity_id LIMIT \(limit)
                    """,
                    logger: logger
                ).decode((String, Int64, String).self) {
                    rows.append(row)
                }
                var ids: [String] = []
                var seqs: [Int64] = []
                var records: [String] = []
                for row in rows {
                    guard let restated = Self.restated(row.record) else {
                        logger.debug(
                            "Left a product's current record as it is: it or its provenance does not decode",
                            metadata: ["household": "\(household)", "entity": "\(row.entityID)"])
                        continue
                    }
                    ids.append(row.entityID)
                    seqs.append(row.seq)
                    records.append(restated)
                }
                var written = 0
                if !ids.isEmpty {
                    for try await _ in try await connection.query(
                        """
                        UPDATE entities e SET record = t.r::jsonb
                        FROM unnest(\(ids)::text[], \(seqs)::bigint[], \(records)::text[]) AS t(id, s, r)
                        WHERE e.household_id = \(household) AND e.kind = 'product' AND e.entity_id = t.id AND e.seq = t.s
                        RETURNING 1
                        """,
                        logger: logger
                    ).decode(Int32.self) {
                        written += 1
                    }
                }
                return (last: rows.last?.entityID, read: rows.count, readable: ids.count, rewritten: written)
            }
            outcome.entities += batch.rewritten
            outcome.unreadable += batch.read - batch.readable
            guard batch.read == batchSize, let last = batch.last else { return }
            after = last
        }
    }

    // MARK: - One payload

    /// The stored product payload `text` (a `RemoteProductRecord`) with its provenance in the form that states each
    /// source once, encoded as the server stores payloads; `nil` when it does not decode, holds no product, or its
    /// provenance is absent, already in that form or unreadable.
    static func restated(_ text: String) -> String? {
        guard var record = try? RecordCoding.decode(RemoteProductRecord.self, from: Data(text.utf8)),
            var product = record.product, product.restateProvenance()
        else { return nil }
        record.product = product
        return (try? RecordCoding.encode(record)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `body` between `BEGIN` and `COMMIT` on `connection`; `ROLLBACK` and rethrows when it throws (unless the
    /// connection is gone, which ends the transaction with the session).
    private static func inTransaction<Result: Sendable>(
        on connection: PostgresConnection, logger: Logger,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await connection.query("BEGIN", logger: logger)
        let value: Result
        do {
            value = try await body(connection)
        } catch {
            if !PostgresClient.connectionIsGone(after: error), !connection.isClosed {
                _ = try? await connection.query("ROLLBACK", logger: logger)
            }
            throw error
        }
        try await connection.query("COMMIT", logger: logger)
        return value
    }
}
