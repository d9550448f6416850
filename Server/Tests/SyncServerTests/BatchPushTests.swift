import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// A push is judged in memory and written set-based: changes later in a batch see the earlier ones exactly as
/// if each had been pushed on its own.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct BatchPushTests {
    @Test func aProductChangedTwiceInOneBatchBuildsOnTheFirstChangeAndKeepsTheLastState() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            var blue = pen
            blue.title = "Pen, blue"
            var theirs = pen
            theirs.title = "Ballpoint"
            let results = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try KitPayloads.productChange(
                    pen.productID, product: blue, stamp: KitPayloads.stamp(2), baseStamp: KitPayloads.stamp(1)),
                // Built on the first state, not the second: conflicts with the state the batch wrote just before.
                try KitPayloads.productChange(
                    pen.productID, product: theirs, stamp: KitPayloads.stamp(2, replica: ReplicaID("other")),
                    baseStamp: KitPayloads.stamp(1)),
            ])
            #expect(results.map(\.status) == [.applied, .applied, .conflict])
            #expect(results.map(\.seq) == [1, 2, nil])
            let current = try KitPayloads.decode(RemoteProductRecord.self, results[2].current)
            #expect(current == RemoteProductRecord(productID: pen.productID, product: blue, stamp: KitPayloads.stamp(2), sequence: 2))
            #expect(try await server.rowCounts(household) == [2, 1, 2])
            let stored = try await server.store.entity(of: household, kind: .product, id: pen.productID.rawValue)
            #expect(stored?.seq == 2)
            #expect(try stored?.record.map { try RecordCoding.decode(RemoteProductRecord.self, from: $0) } == current)
        }
    }

    @Test func anOpIDTwiceInOneBatchAnswersDuplicateWithTheFirstSequenceNumber() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let opID = UUID()
            let pen = try KitPayloads.product()
            let staleOp = UUID()
            let results = try await server.results(household, token: token, [
                try KitPayloads.journal(of: household, opID: opID),
                try KitPayloads.journal(of: household, opID: opID),
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                // Not applied the first time (a conflict records nothing), so judged again the second time.
                try KitPayloads.productChange(
                    pen.productID, product: pen, stamp: KitPayloads.stamp(5), baseStamp: KitPayloads.stamp(4), opID: staleOp),
                try KitPayloads.productChange(
                    pen.productID, product: pen, stamp: KitPayloads.stamp(5), baseStamp: KitPayloads.stamp(4), opID: staleOp),
            ])
            #expect(results.map(\.status) == [.applied, .duplicate, .applied, .conflict, .conflict])
            #expect(results.map(\.seq) == [1, 1, 2, nil, nil])
            // The journal entry's state is its change row: only the product has an entities row.
            #expect(try await server.rowCounts(household) == [2, 1, 2])

            let replay = try await server.results(household, token: token, [try KitPayloads.journal(of: household, opID: opID)])
            #expect(replay.map(\.status) == [.duplicate])
            #expect(replay[0].seq == 1)
        }
    }

    @Test func aNamedEntityJoinedTwiceInOneBatchIsJoinedWithItsOwnEarlierVersion() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let produce = KitPayloads.namedEntity(.category, "Produce")
            var spelled = produce
            spelled.displayName = "produce"
            spelled.updatedAt = KitPayloads.epoch.addingTimeInterval(60)
            let results = try await server.results(household, token: token, [
                try KitPayloads.named(produce),
                try KitPayloads.named(spelled),
                // Adds nothing to the joined version: applied with the current sequence number.
                try KitPayloads.named(produce),
            ])
            #expect(results.map(\.status) == [.applied, .applied, .applied])
            #expect(results.map(\.seq) == [1, 2, 2])
            #expect(try await server.rowCounts(household) == [2, 1, 3])
            let pulled = try await server.pullAll(household, token: token).changes
            let joined = try KitPayloads.decode(NamedEntity.self, pulled.last?.payload)
            #expect(joined == produce.reconciled(with: spelled))
        }
    }

    @Test func aSemanticKeyReleasedEarlierInABatchCanBeClaimedLaterInIt() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let old = KitPayloads.namedEntity(.category, "Produce", id: UUID())
            _ = try await server.results(household, token: token, [try KitPayloads.named(old)])

            let newer = KitPayloads.namedEntity(.category, "Produce", id: UUID())
            var merged = old
            merged.mergedInto = newer.id
            let rival = KitPayloads.namedEntity(.category, "Produce", id: UUID())
            let results = try await server.results(household, token: token, [
                // Claimed while the stored entity still holds the key: conflict with it.
                try KitPayloads.named(newer),
                try KitPayloads.named(merged),
                try KitPayloads.named(newer),
                // Now the batch's own entity holds it.
                try KitPayloads.named(rival),
            ])
            #expect(results.map(\.status) == [.conflict, .applied, .applied, .conflict])
            #expect(try KitPayloads.decode(NamedEntity.self, results[0].current).id == old.id)
            #expect(try KitPayloads.decode(NamedEntity.self, results[3].current).id == newer.id)
            #expect(try await server.rowCounts(household) == [3, 2, 3])
        }
    }

    @Test func aBatchAnswersWhatTheSameChangesPushedOneByOneAnswer() async throws {
        try await withSyncServer { server in
            let (batched, batchToken, _) = try await server.household("Batched")
            let (single, singleToken, _) = try await server.household("One by one")
            let batchResults = try await server.results(batched, token: batchToken, try Self.mixedOperations(of: batched))
            var singleResults: [PushResult] = []
            for operation in try Self.mixedOperations(of: single) {
                singleResults += try await server.results(single, token: singleToken, [operation])
            }
            #expect(batchResults.map(\.status) == singleResults.map(\.status))
            #expect(batchResults.map(\.seq) == singleResults.map(\.seq))
            #expect(batchResults.map(\.current) == singleResults.map(\.current))
            #expect(try await server.rowCounts(batched) == server.rowCounts(single))
            let batchLog = try await server.pullAll(batched, token: batchToken).changes
            let singleLog = try await server.pullAll(single, token: singleToken).changes
            #expect(batchLog.map(\.seq) == singleLog.map(\.seq))
            #expect(batchLog.map(\.kind) == singleLog.map(\.kind))
            #expect(batchLog.filter { $0.kind != .journal }.map(\.payload) == singleLog.filter { $0.kind != .journal }.map(\.payload))
        }
    }

    /// Products, journal entries and named entities mixed, with repeats of entities, entries and op ids; the
    /// entity ids are fixed so two households get the same sequence (journal payloads name their household).
    private static func mixedOperations(of household: SyncServer.HouseholdID) throws -> [PushOperation] {
        let pen = try Product.new(
            barcode: "4006381333931", title: "Pen", id: UUID(uuidString: "00000000-0000-0000-0000-0000000000a1")!,
            now: KitPayloads.epoch)
        var blue = pen
        blue.title = "Pen, blue"
        let entry = UUID(uuidString: "00000000-0000-0000-0000-0000000000b1")!
        let repeated = UUID(uuidString: "00000000-0000-0000-0000-0000000000c1")!
        let firstProductOp = UUID(uuidString: "00000000-0000-0000-0000-0000000000c2")!
        let produce = KitPayloads.namedEntity(.category, "Produce")
        var spelled = produce
        spelled.displayName = "produce"
        spelled.updatedAt = KitPayloads.epoch.addingTimeInterval(60)
        let rival = KitPayloads.namedEntity(.category, "Produce", id: UUID(uuidString: "00000000-0000-0000-0000-0000000000d1")!)
        return [
            try KitPayloads.journal(of: household, id: entry, opID: repeated),
            try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil, opID: firstProductOp),
            try KitPayloads.journal(of: household, id: entry),
            try KitPayloads.journal(of: household, id: entry, opID: repeated),
            try KitPayloads.named(produce),
            try KitPayloads.productChange(
                pen.productID, product: blue, stamp: KitPayloads.stamp(2), baseStamp: nil, superseding: [firstProductOp]),
            try KitPayloads.named(rival),
            try KitPayloads.named(spelled),
            try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(3), baseStamp: KitPayloads.stamp(1)),
            try KitPayloads.productChange(pen.productID, product: nil, stamp: KitPayloads.stamp(3), baseStamp: KitPayloads.stamp(2)),
            try KitPayloads.named(produce),
            try KitPayloads.productChange(pen.productID, product: blue, stamp: KitPayloads.stamp(4), baseStamp: KitPayloads.stamp(2)),
        ]
    }
}
