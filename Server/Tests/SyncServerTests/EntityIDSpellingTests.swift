import Foundation
import InventoryKit
import InventorySync
import PostgresNIO
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// A UUID has one spelling on the wire and in the log: whatever case a device sends, duplicates, conflicts and
/// pulls see one id.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct EntityIDSpellingTests {
    /// The three spellings a UUID's letters can take here: lower, upper, and mixed.
    static func spellings(of id: UUID) -> [String] {
        let lower = id.uuidString.lowercased()
        let mixed = String(lower.enumerated().map { $0.offset.isMultiple(of: 2) ? Character($0.element.uppercased()) : $0.element })
        return [lower, id.uuidString, mixed]
    }

    @Test func aJournalEntryReplayedInAnotherSpellingIsADuplicateOfTheFirstSeq() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let id = UUID()
            var first = try KitPayloads.journal(of: household, id: id)
            first.entityId = id.uuidString  // upper case, as Foundation writes it
            let applied = try await server.results(household, token: token, [first])
            #expect(applied.map(\.status) == [.applied])
            for spelling in Self.spellings(of: id) {
                // A new op id each time: only the entry's id says it is the same entry.
                var replay = try KitPayloads.journal(of: household, id: id)
                replay.entityId = spelling
                let results = try await server.results(household, token: token, [replay])
                #expect(results.map(\.status) == [.duplicate], "\(spelling)")
                #expect(results.first?.seq == applied.first?.seq, "\(spelling)")
            }
            // The same op id in upper case is the same op id.
            var sameOp = first
            sameOp.opId = first.opId.uppercased()
            #expect(try await server.results(household, token: token, [sameOp]).map(\.status) == [.duplicate])

            let rows = try await server.entityIDs(household, kind: "journal")
            #expect(rows == [id.uuidString.lowercased()], "the log holds the entry once, in its one spelling")
            let pulled = try await server.pullAll(household, token: token).changes
            #expect(pulled.map(\.entityId) == [id.uuidString.lowercased()])
        }
    }

    @Test func aNamedEntityInAnotherSpellingIsTheSameEntityNotAConflict() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let produce = KitPayloads.namedEntity(.category, "Produce")
            var upper = try KitPayloads.named(produce)
            upper.entityId = produce.id.uuidString
            let first = try await server.results(household, token: token, [upper])
            #expect(first.map(\.status) == [.applied])
            for spelling in Self.spellings(of: produce.id) {
                var again = try KitPayloads.named(produce)
                again.entityId = spelling
                let results = try await server.results(household, token: token, [again])
                #expect(results.map(\.status) == [.applied], "\(spelling): \(results)")
                #expect(results.first?.seq == first.first?.seq, "an unchanged version answers the current seq")
            }
            #expect(try await server.entityIDs(household, kind: "namedEntity") == [produce.id.uuidString.lowercased()])
            let pulled = try await server.pullAll(household, token: token).changes
            #expect(pulled.map(\.entityId) == [produce.id.uuidString.lowercased()])
        }
    }

    @Test func theMigrationSpellsStoredIDsInLowerCase() async throws {
        let before = Array(SchemaMigrations.all.prefix { $0.name != "0005_canonical_entity_ids" })
        // Everything before 0005 (later migrations, 0006 onwards, apply with it below).
        #expect(SchemaMigrations.all.dropFirst(before.count).first?.name == "0005_canonical_entity_ids")
        try await withSyncServer(migrations: before) { server in
            let (household, token, _) = try await server.household()
            let entry = UUID()
            let produce = KitPayloads.namedEntity(.category, "Produce")
            _ = try await server.results(
                household, token: token, [try KitPayloads.journal(of: household, id: entry), try KitPayloads.named(produce)])
            // Rows as an older server stored what a device sent in upper case.
            try await server.store.client.query(
                "UPDATE changes SET entity_id = upper(entity_id) WHERE household_id = \(household.rawValue)")
            try await server.store.client.query(
                "UPDATE entities SET entity_id = upper(entity_id) WHERE household_id = \(household.rawValue)")
            try await Migrator(migrations: SchemaMigrations.all).migrate(client: server.store.client, logger: server.store.logger)
            #expect(try await server.entityIDs(household, kind: "journal") == [entry.uuidString.lowercased()])
            #expect(try await server.entityIDs(household, kind: "namedEntity") == [produce.id.uuidString.lowercased()])
            var replay = try KitPayloads.journal(of: household, id: entry)
            replay.entityId = entry.uuidString
            #expect(try await server.results(household, token: token, [replay]).map(\.status) == [.duplicate])
        }
    }
}

extension SyncServerHarness {
    /// The entity ids of the household's change rows of `kind`, in `seq` order (read in SQL).
    func entityIDs(_ household: HouseholdID, kind: String) async throws -> [String] {
        var ids: [String] = []
        for try await id in try await store.client.query(
            "SELECT entity_id FROM changes WHERE household_id = \(household.rawValue) AND kind = \(kind) ORDER BY seq"
        ).decode(String.self) {
            ids.append(id)
        }
        return ids
    }
}
