import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryModule
import InventorySync
import NIOCore
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// The kit's own rules applied by the server: product conflicts, tombstones, journal entries once by id, named
/// entities joined and unique by semantic key, and compaction with its horizon.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ChangeRulesAPITests {
    @Test func aProductChangeNotBuiltOnTheServerStateConflictsAndCarriesTheServerRecord() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            let first = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            #expect(first.map(\.status) == [.applied])

            // Another device created the same product offline: no base, so it conflicts with the server's record.
            var theirs = pen
            theirs.title = "Ballpoint"
            let otherStamp = KitPayloads.stamp(1, replica: ReplicaID("other-device"))
            let conflict = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: theirs, stamp: otherStamp, baseStamp: nil),
            ])
            #expect(conflict.map(\.status) == [.conflict])
            #expect(conflict[0].code == "conflict")
            let current = try KitPayloads.decode(RemoteProductRecord.self, conflict[0].current)
            #expect(current == RemoteProductRecord(productID: pen.productID, product: pen, stamp: KitPayloads.stamp(1), sequence: 1))

            // Resolved on top of the server's stamp, it applies.
            let resolved = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: theirs, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            ])
            #expect(resolved.map(\.status) == [.applied])
            #expect(try await server.rowCounts(household) == [2, 1, 2])
        }
    }

    @Test func aChangeSupersedingTheOperationThatWroteTheServerStateApplies() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            let firstOp = UUID()
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil, opID: firstOp),
            ])
            // The device edited again before the first push was acknowledged: same base (none), superseding it.
            var edited = pen
            edited.title = "Pen, blue"
            let results = try await server.results(household, token: token, [
                try KitPayloads.productChange(
                    pen.productID, product: edited, stamp: KitPayloads.stamp(2), baseStamp: nil, superseding: [firstOp]),
            ])
            #expect(results.map(\.status) == [.applied])
        }
    }

    @Test func tombstonesArePulledAndAStaleChangeCannotResurrectTheProduct() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.productChange(pen.productID, product: nil, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            ])
            let pulled = try await server.pullAll(household, token: token).changes
            let tombstone = try KitPayloads.decode(RemoteProductRecord.self, pulled.last?.payload)
            #expect(tombstone.product == nil)
            #expect(tombstone.stamp == KitPayloads.stamp(2))
            #expect(tombstone.sequence == 2)

            // A device that still holds version 1 edits it: conflict with the tombstone, not a resurrection.
            var stale = pen
            stale.title = "Old pen"
            let results = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: stale, stamp: KitPayloads.stamp(3), baseStamp: KitPayloads.stamp(1)),
            ])
            #expect(results.map(\.status) == [.conflict])
            #expect(try KitPayloads.decode(RemoteProductRecord.self, results[0].current).product == nil)
        }
    }

    @Test func productsTheKitRefusesAreRejectedAndNothingIsStored() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            var invalid = pen
            invalid.title = String(repeating: "x", count: 100_000)
            let other = try KitPayloads.product("036000291452")
            var mismatched = try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil)
            mismatched.entityId = other.productID.rawValue
            let results = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: invalid, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.productChange(other.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                mismatched,
            ])
            #expect(results.map(\.status) == [.rejected, .rejected, .rejected])
            #expect(results.allSatisfy { $0.code == "invalid_request" && ($0.message ?? "").isEmpty == false })
            #expect(try await server.rowCounts(household) == [0, 0, 0])
        }
    }

    @Test func aJournalEntryIsAppendedOnceWhateverOperationCarriesIt() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let entryID = UUID()
            let first = try await server.results(household, token: token, [try KitPayloads.journal(of: household, id: entryID)])
            let again = try await server.results(household, token: token, [try KitPayloads.journal(of: household, id: entryID)])
            #expect(first.map(\.status) == [.applied])
            #expect(again.map(\.status) == [.duplicate])
            #expect(again[0].seq == first[0].seq)
            #expect(try await server.pullAll(household, token: token).changes.count == 1)
        }
    }

    @Test func aJournalEntryOfAnotherHouseholdIsRejected() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household("A")
            let (other, _, _) = try await server.household("B")
            let results = try await server.results(household, token: token, [try KitPayloads.journal(of: other)])
            #expect(results.map(\.status) == [.rejected])
            #expect(try await server.rowCounts(household) == [0, 0, 0])
            #expect(try await server.rowCounts(other) == [0, 0, 0])
        }
    }

    @Test func namedEntitiesOfOneKeyAreJoinedAndAnotherIdForTheKeyConflicts() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            // Two devices created "Produce" and "PRODUCE" offline: the same deterministic id, joined.
            let mine = KitPayloads.namedEntity(.category, "Produce")
            let theirs = KitPayloads.namedEntity(.category, "PRODUCE", createdAt: KitPayloads.epoch.addingTimeInterval(5))
            #expect(mine.id == theirs.id)
            let joined = try await server.results(household, token: token, [
                try KitPayloads.named(mine), try KitPayloads.named(theirs), try KitPayloads.named(mine),
            ])
            #expect(joined.map(\.status) == [.applied, .applied, .applied])
            #expect(joined[2].seq == joined[1].seq)
            let pulled = try await server.pullAll(household, token: token).changes
            let record = try KitPayloads.decode(NamedEntity.self, pulled.last?.payload)
            #expect(record == mine.reconciled(with: theirs))
            #expect(record.displayName == "Produce")
            #expect(record.aliases == ["PRODUCE"])

            // A record of another id claiming the same key conflicts with the live one, which the unique index backs.
            let impostor = KitPayloads.namedEntity(.category, "produce", id: UUID())
            let conflict = try await server.results(household, token: token, [try KitPayloads.named(impostor)])
            #expect(conflict.map(\.status) == [.conflict])
            #expect(try KitPayloads.decode(NamedEntity.self, conflict[0].current).id == mine.id)

            // Once the live one is merged away (a tombstone), the key is free.
            let merged = KitPayloads.namedEntity(.category, "Produce", mergedInto: impostor.id)
            let freed = try await server.results(household, token: token, [try KitPayloads.named(merged), try KitPayloads.named(impostor)])
            #expect(freed.map(\.status) == [.applied, .applied])
        }
    }

    @Test func compactionKeepsTheLatestStatesAndSendsOldCursorsToResync() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            let cup = try KitPayloads.product("036000291452", title: "Cup")
            var penV2 = pen
            penV2.title = "Pen v2"
            let penOps = [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.productChange(pen.productID, product: penV2, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            ]
            let cupOps = [
                try KitPayloads.productChange(cup.productID, product: cup, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.productChange(cup.productID, product: nil, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            ]
            let entry = try KitPayloads.journal(of: household)
            _ = try await server.results(household, token: token, penOps + cupOps + [entry])
            #expect(try await server.store.compact(household, through: 5) == 3)
            // Two changes left; the removed changes' op ids moved to operations: five applied op ids in all.
            #expect(try await server.rowCounts(household) == [2, 2, 5])

            // Pen v1 (superseded), cup (superseded) and the cup's tombstone are gone; the rest stays in order.
            let fresh = try await server.pullAll(household, token: token).changes
            #expect(fresh.map(\.seq) == [2, 5])
            #expect(try KitPayloads.decode(RemoteProductRecord.self, fresh[0].payload).product == penV2)

            let old = try await server.pull(household, token: token, after: 1)
            #expect(old.status == .gone)
            let envelope = try decode(ErrorEnvelope.self, old)
            #expect(envelope.error.code == .resyncRequired)
            #expect(envelope.error.details["compactedThrough"] == "5")
            #expect(try await server.pull(household, token: token, after: 5).status == .ok)

            // Replays still answer duplicate, and the deleted cup still cannot be resurrected by a stale edit.
            let replay = try await server.results(household, token: token, penOps + cupOps + [entry])
            #expect(replay.map(\.status) == Array(repeating: .duplicate, count: 5))
            let stale = try await server.results(household, token: token, [
                try KitPayloads.productChange(cup.productID, product: cup, stamp: KitPayloads.stamp(3), baseStamp: KitPayloads.stamp(1)),
            ])
            #expect(stale.map(\.status) == [.conflict])
        }
    }

    @Test func sqlMetacharactersInEveryFieldAreStoredAsDataOrRejected() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let hostile = "'; DROP TABLE changes; -- \" \\ %_ $1"
            let entry = try KitPayloads.journal(of: household, name: hostile)
            var badEntity = entry
            badEntity.entityId = hostile
            var badKind = entry
            badKind.kind = hostile
            var badOp = try KitPayloads.journal(of: household)
            badOp.supersededOpIds = [hostile]
            let results = try await server.results(household, token: token, [entry, badEntity, badKind, badOp])
            #expect(results.map(\.status) == [.applied, .rejected, .rejected, .rejected])
            let pulled = try await server.pullAll(household, token: token).changes
            let stored = try KitPayloads.decode(InventoryJournalEntry.self, pulled.first?.payload)
            #expect(stored.operation == .createHousehold(name: hostile))
            #expect(try await server.rowCounts(household) == [1, 0, 1])

            let badOpID = try await server.push(household, token: token, body: ByteBuffer(string:
                #"{"operations":[{"opId":"'; DROP TABLE changes; --","kind":"journal","entityId":"x","payload":{}}]}"#))
            #expect(badOpID.status == .badRequest)
            let badQuery = try await server.client.execute(
                uri: "/v1/households/\(household)/changes?after=1%27%3B%20DROP%20TABLE%20changes",
                method: .get, headers: SyncServerHarness.headers(token))
            #expect(badQuery.status == .badRequest)
            let badPath = try await server.client.execute(
                uri: "/v1/households/1%27%3BDROP%20TABLE%20households/changes",
                method: .get, headers: SyncServerHarness.headers(token))
            #expect(badPath.status == .badRequest)
            #expect(try await server.rowCounts(household) == [1, 0, 1])
        }
    }

    @Test func aPullCanAskForSomeKindsAndAProductCanBeReadByID() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            _ = try await server.results(household, token: token, [
                try KitPayloads.journal(of: household),
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.named(KitPayloads.namedEntity(.category, "Produce")),
            ])
            let products = try await server.client.execute(
                uri: "/v1/households/\(household)/changes?kinds=product", method: .get, headers: SyncServerHarness.headers(token))
            let page = try decode(ChangesResponse<JSONFragment>.self, products)
            #expect(page.changes.map(\.kind) == [.product])
            #expect(page.cursor == 2)
            let two = try await server.client.execute(
                uri: "/v1/households/\(household)/changes?kinds=journal,namedEntity", method: .get,
                headers: SyncServerHarness.headers(token))
            #expect(try decode(ChangesResponse<JSONFragment>.self, two).changes.map(\.seq) == [1, 3])
            let bad = try await server.client.execute(
                uri: "/v1/households/\(household)/changes?kinds=recipe", method: .get, headers: SyncServerHarness.headers(token))
            #expect(bad.status == .badRequest)

            let fetched = try await server.client.execute(
                uri: "/v1/households/\(household)/products/\(pen.productID.rawValue)", method: .get,
                headers: SyncServerHarness.headers(token))
            #expect(fetched.status == .ok)
            let record = try RecordCoding.decode(RemoteProductRecord.self, from: Data(fetched.body.readableBytesView))
            #expect(record.product == pen)
            #expect(record.sequence == 2)
            let missing = try await server.client.execute(
                uri: "/v1/households/\(household)/products/036000291452", method: .get, headers: SyncServerHarness.headers(token))
            #expect(missing.status == .notFound)
            #expect(try decode(ErrorEnvelope.self, missing).error.code == .notFound)
        }
    }

    @Test func aPullServesEachProductInItsLatestStateOnly() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            var penV2 = pen
            penV2.title = "Pen v2"
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.journal(of: household),
            ])
            let before = try await server.pullAll(household, token: token, limit: 1).changes
            #expect(before.map(\.seq) == [1, 2])
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: penV2, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
            ])
            // A device pulling from the start never sees version 1 after version 2 exists: only the latest state.
            let after = try await server.pullAll(household, token: token, limit: 1).changes
            #expect(after.map(\.seq) == [2, 3])
            #expect(try KitPayloads.decode(RemoteProductRecord.self, after.last?.payload).product == penV2)
        }
    }
}
