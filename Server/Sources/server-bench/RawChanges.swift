import Foundation
import Logging
import PostgresNIO
import SyncServer

/// The baselines: hand-written PostgreSQL doing the log's part of a push, nothing else.
enum RawChanges {
    private static let logger = Logger(label: "server-bench-raw")

    /// Inserts `rows` into `changes` as seq `first`, `first + 1`, … with one multi-row statement on `connection`.
    static func insert(_ rows: [BenchWorkload.Row], of household: HouseholdID, from first: Int64,
                       on connection: PostgresConnection) async throws {
        let seqs = rows.indices.map { first + Int64($0) }
        let opIDs = rows.map(\.opID)
        let kinds = rows.map { _ in "journal" }
        let ids = rows.map(\.entityID)
        let payloads = rows.map(\.payload)
        try await connection.query(
            """
            INSERT INTO changes (household_id, seq, op_id, kind, entity_id, payload)
            SELECT \(household.rawValue), s, o, k, e, p::jsonb
            FROM unnest(\(seqs)::bigint[], \(opIDs)::uuid[], \(kinds)::text[], \(ids)::text[], \(payloads)::text[])
                AS t(s, o, k, e, p)
            """,
            logger: logger
        )
    }

    /// One transaction inserting `rows` numbered from 1.
    static func insertAll(_ rows: [BenchWorkload.Row], of household: HouseholdID, client: PostgresClient) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await insert(rows, of: household, from: 1, on: connection)
        }
    }

    /// One transaction taking the household's counter lock, reserving `rows.count` numbers and inserting the rows
    /// under them: the least a correct writer of a gapless per-household log does.
    static func appendLocked(_ rows: [BenchWorkload.Row], of household: HouseholdID, client: PostgresClient) async throws {
        try await client.withTransaction(logger: logger) { connection in
            var last: Int64 = 0
            for try await value in try await connection.query(
                """
                UPDATE household_seq SET last_seq = last_seq + \(Int64(rows.count))
                WHERE household_id = \(household.rawValue) RETURNING last_seq
                """,
                logger: logger
            ).decode(Int64.self) {
                last = value
            }
            try await insert(rows, of: household, from: last - Int64(rows.count) + 1, on: connection)
        }
    }
}
