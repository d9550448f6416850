import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Logging
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// Many readers of one household's views while its log grows: every answer is the exact fold of the log through
/// the `seq` it names, a reader never sees the household go back, and folds of one household never interleave
/// (the replica folds at most once per answer, however many readers overlap).
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ReplicaConcurrencyTests {
    @Test func overlappingViewReadsDuringPushesEachSeeAnExactPrefixOfTheLog() async throws {
        try await withMigratedStore { store in
            let serverHousehold = try await store.createHousehold(name: "Busy")
            let log = try await Self.journal(of: InventoryModule.HouseholdID(serverHousehold.rawValue), purchases: 240)
            var policy = HouseholdReplicas.Policy()
            policy.checkpointInterval = 40
            policy.pageSize = 25
            let replicas = HouseholdReplicas(store: store, policy: policy, logger: store.logger)
            // The fold of every prefix of the log, by its last seq (the household's seqs are 1, 2, … in push order).
            var prefixes: [Int64: InventoryState] = [0: InventoryProjector.project([])]
            for count in stride(from: 1, through: log.count, by: 1) {
                prefixes[Int64(count)] = InventoryProjector.project(log.prefix(count))
            }
            let expected = prefixes

            let readers = 24
            let answers = try await withThrowingTaskGroup(of: [(seq: Int64, matches: Bool)].self) { group in
                group.addTask {
                    for start in stride(from: 0, to: log.count, by: 12) {
                        let batch = log[start..<min(start + 12, log.count)].map {
                            PendingChange(opID: $0.id, entityID: $0.id.uuidString.lowercased(), content: .journal($0))
                        }
                        _ = try await store.push(batch, to: serverHousehold)
                    }
                    return []
                }
                for _ in 0..<readers {
                    group.addTask {
                        var seen: [(seq: Int64, matches: Bool)] = []
                        for _ in 0..<15 {
                            let view = try await replicas.view(of: serverHousehold, atLeast: nil)
                            seen.append((view.seq, view.state == expected[view.seq]))
                        }
                        return seen
                    }
                }
                var all: [[(seq: Int64, matches: Bool)]] = []
                for try await answers in group where !answers.isEmpty { all.append(answers) }
                return all
            }
            #expect(answers.count == readers)
            for reader in answers {
                #expect(reader.allSatisfy { $0.matches }, "a view differs from the fold of the log through its seq")
                #expect(zip(reader, reader.dropFirst()).allSatisfy { $0.seq <= $1.seq }, "a reader saw the household go back")
            }
            let distinct = Set(answers.flatMap { $0.map(\.seq) })
            #expect(distinct.count > 1, "the readers never overlapped a push")
            let last = try await replicas.view(of: serverHousehold, atLeast: Int64(log.count))
            #expect(last.seq == Int64(log.count) && last.state == expected[Int64(log.count)])
            let folds = await replicas.foldCounts
            #expect(folds.continued + folds.fromOlderSavedState + folds.wholeJournal <= readers * 15 + 1)
        }
    }

    /// A household's journal as one device books it: setup, then purchases and consumptions.
    static func journal(of household: InventoryModule.HouseholdID, purchases: Int) async throws -> [InventoryJournalEntry] {
        let remote = InMemoryInventoryRemote()
        let uuids = SeededUUIDGenerator(seed: 41)
        let ticks = Counter()
        let device = InventoryModuleService(
            storage: InMemoryStorageProvider(), remote: remote, replicaID: ReplicaID("busy-device"),
            clock: InventoryClock { Date(timeIntervalSince1970: 1_800_000_000 + Double(ticks.next()) * 30) },
            makeUUID: { uuids.next() })
        try await device.perform(.createHousehold(name: "Busy"), in: household)
        try await device.perform(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")), in: household)
        let fridge = LocationID.derived(household: household, name: "Fridge")
        try await device.perform(.defineLocation(LocationDefinition(id: fridge, name: "Fridge")), in: household)
        let piece = UnitID.derived(name: "piece")
        let products = (0..<6).map { ProductReference(UUID(fixtureNumber: $0)) }
        for index in 0..<purchases {
            let product = products[index % products.count]
            try await device.perform(
                .purchase(PurchaseRequest(productID: product, amount: 3, unit: piece, locationID: fridge)), in: household)
            if index % 3 == 2 {
                try await device.perform(.consume(ConsumeRequest(productID: product, amount: 1, unit: piece)), in: household)
            }
        }
        try await device.syncPending(households: [household], trigger: .explicit)
        return await remote.entries(of: household)
    }
}
