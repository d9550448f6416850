import Foundation
import InventoryKit
import InventoryModule
import Logging
import PostgresNIO
import SyncWire
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// A push of journal entries nobody has seen is read and judged before the household's lock and appended by one
/// statement that takes the lock and checks the read still holds; anything else takes the locked push. Either
/// way the answers and the log are the locked push's.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct NewJournalEntriesTests {
    @Test func newEntriesAreAppendedAfterTheHeadAndAnythingElseIsLeftToTheLockedPush() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            _ = try await server.results(household, token: token, try (0..<2).map { _ in try KitPayloads.journal(of: household) })
            let store = server.store

            let fresh = Self.entries(of: household, count: 3)
            let appended = try await store.appendIfNew(fresh, to: household)
            #expect(appended == [.applied(seq: 3), .applied(seq: 4), .applied(seq: 5)])
            #expect(try await server.rowCounts(household) == [5, 0, 5])

            // An op id the household has, an entry under another op id, a repeated op id: not new only.
            #expect(try await store.appendIfNew([fresh[0]] + Self.entries(of: household, count: 1), to: household) == nil)
            let sameEntry = PendingChange(opID: UUID(), entityID: fresh[1].entityID, content: fresh[1].content)
            #expect(try await store.appendIfNew([sameEntry], to: household) == nil)
            let twice = Self.entries(of: household, count: 1)
            #expect(try await store.appendIfNew(twice + twice, to: household) == nil)
            #expect(try await server.rowCounts(household) == [5, 0, 5])

            // The locked push answers those as it always did.
            #expect(try await store.push([fresh[0]] + twice + twice, to: household) == [
                .duplicate(seq: 3), .applied(seq: 6), .duplicate(seq: 6),
            ])
            try await store.erase(household)
            #expect(try await store.appendIfNew(Self.entries(of: household, count: 1), to: household) == nil)
        }
    }

    @Test func theAppendStatementWritesNothingWhenSomethingTheReadMissedIsThere() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pushed = try await server.results(household, token: token, [try KitPayloads.journal(of: household)])
            let client = server.store.client
            let present = try await Self.opIDs(of: household, client: client)
            let presentEntry = try await Self.entryIDs(of: household, client: client)

            // What came in between the read and the lock: an op id, an entry, an op id recorded in `operations`.
            let recorded = UUID()
            try await client.query(
                "INSERT INTO operations (household_id, op_id, seq) VALUES (\(household.rawValue), \(recorded), 1)")
            for (opIDs, entityIDs) in [
                ([UUID(), present[0]], ["a", "b"]), ([UUID()], [presentEntry[0]]), ([recorded], ["c"]),
            ] {
                let head = try await Self.append(household, opIDs: opIDs, entityIDs: entityIDs, client: client)
                #expect(head == -1)
            }
            #expect(try await server.rowCounts(household) == [1, 0, 2])
            #expect(try await Self.head(of: household, client: client) == pushed[0].seq)

            #expect(try await Self.append(SyncServer.HouseholdID(UUID()), opIDs: [UUID()], entityIDs: ["d"], client: client) == nil)
            let head = try await Self.append(household, opIDs: [UUID(), UUID()], entityIDs: ["e", "f"], client: client)
            #expect(head == 1)
            #expect(try await Self.head(of: household, client: client) == 3)
        }
    }

    @Test func theAppendStatementStillFindsWhatIsThereOnceItsPlansAreCached() async throws {
        try await withSyncServer { server in
            let (household, _, _) = try await server.household()
            let client = server.store.client
            // One connection: PL/pgSQL settles on cached (generic) plans after five calls of a session.
            let heads = try await client.withConnection { connection in
                var heads: [Int64?] = []
                for index in 0..<8 {
                    heads.append(try await Self.append(
                        household, opIDs: [UUID(), UUID()], entityIDs: ["g\(index)a", "g\(index)b"], on: connection))
                }
                let present = try await Self.opIDs(of: household, client: client)
                heads.append(try await Self.append(household, opIDs: [UUID(), present[3]], entityIDs: ["x", "y"], on: connection))
                heads.append(try await Self.append(household, opIDs: [UUID()], entityIDs: ["g5b"], on: connection))
                return heads
            }
            #expect(heads == (0..<8).map { Int64($0 * 2) } + [-1, -1])
            #expect(try await server.rowCounts(household) == [16, 0, 16])
        }
    }

    @Test func overlappingPushesOfNewAndReplayedEntriesKeepTheLogGapFreeAndEachOpOnce() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            // 24 pushes at once: each has five entries of its own and replays two of the push before it, which may
            // be in flight, committed, or not arrived yet.
            let batches = try (0..<24).map { _ in try (0..<5).map { _ in try KitPayloads.journal(of: household) } }
            let bodies = batches.indices.map { index in batches[index] + batches[(index + 23) % 24].prefix(2) }
            let answers = try await withThrowingTaskGroup(of: [(String, PushResult)].self) { group in
                for body in bodies {
                    group.addTask { Array(zip(body.map(\.opId), try await server.results(household, token: token, body))) }
                }
                return try await group.reduce(into: []) { $0 += $1 }
            }
            var seqOf: [String: Int64] = [:]
            for (opID, result) in answers {
                #expect(result.status == .applied || result.status == .duplicate)
                guard let seq = result.seq else { continue }
                #expect(seqOf[opID, default: seq] == seq, "every answer for an op id names the seq it was applied at")
                seqOf[opID] = seq
            }
            let pulled = try await server.pullAll(household, token: token, limit: 1000).changes
            #expect(pulled.map(\.seq) == Array(1...120))
            #expect(Set(pulled.map(\.opId)).count == 120)
            #expect(Dictionary(uniqueKeysWithValues: pulled.map { ($0.opId, $0.seq) }) == seqOf)
        }
    }

    private static func entries(of household: SyncServer.HouseholdID, count: Int) -> [PendingChange] {
        (0..<count).map { _ in
            let entry = KitPayloads.journalEntry(of: household)
            return PendingChange(opID: entry.id, entityID: entry.id.uuidString.lowercased(), content: .journal(entry))
        }
    }

    private static func append(_ household: SyncServer.HouseholdID, opIDs: [UUID], entityIDs: [String], client: PostgresClient)
        async throws -> Int64?
    {
        try await client.withConnection { try await append(household, opIDs: opIDs, entityIDs: entityIDs, on: $0) }
    }

    private static func append(
        _ household: SyncServer.HouseholdID, opIDs: [UUID], entityIDs: [String], on connection: PostgresConnection
    ) async throws -> Int64? {
        // Real entries, so the replica folding the household meanwhile reads them as it reads any other.
        let payloads = try entityIDs.map { _ in
            String(decoding: try RecordCoding.encode(KitPayloads.journalEntry(of: household)), as: UTF8.self)
        }
        var head: Int64??
        for try await answer in try await connection.query(
            "CALL append_new_journal_entries(\(household.rawValue), \(opIDs)::uuid[], \(entityIDs)::text[], \(payloads)::text[])",
            logger: Logger(label: "new-journal-entries-tests")
        ).decode(Int64?.self) {
            head = answer
        }
        return head ?? nil
    }

    private static func head(of household: SyncServer.HouseholdID, client: PostgresClient) async throws -> Int64? {
        for try await head in try await client.query(
            "SELECT last_seq FROM household_seq WHERE household_id = \(household.rawValue)"
        ).decode(Int64.self) {
            return head
        }
        return nil
    }

    private static func opIDs(of household: SyncServer.HouseholdID, client: PostgresClient) async throws -> [UUID] {
        var opIDs: [UUID] = []
        for try await opID in try await client.query(
            "SELECT op_id FROM changes WHERE household_id = \(household.rawValue) ORDER BY seq"
        ).decode(UUID.self) {
            opIDs.append(opID)
        }
        return opIDs
    }

    private static func entryIDs(of household: SyncServer.HouseholdID, client: PostgresClient) async throws -> [String] {
        var ids: [String] = []
        for try await id in try await client.query(
            "SELECT entity_id FROM changes WHERE household_id = \(household.rawValue) ORDER BY seq"
        ).decode(String.self) {
            ids.append(id)
        }
        return ids
    }
}
