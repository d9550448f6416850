import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// Two and three devices, each with several callers at once (overlapping commands and sync passes on one
/// service), some idempotency keys reused on two devices while offline, injected failures and lost ACKs. After
/// everything syncs, every replica holds the same state, every journal holds every operation exactly once, each
/// reused key counts once, and stock equals what the counted purchases bought minus what was consumed.
@Suite("Multi-device convergence with concurrent callers and shared idempotency keys")
struct ConcurrentConvergenceTests {
    typealias S = ServiceFixtures

    @Test("200 seeds converge", arguments: 0..<200)
    func converges(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 7_919 &+ 3)
        let remote = InMemoryInventoryRemote()
        let devices = try await S.household(of: seed, remote: remote, prefix: "c", skew: 1.3)
        let keys = try (0..<4).map { try IdempotencyKey("seed-\(seed)-key-\($0)") }

        for _ in 0..<6 {
            var calls: [(S.Device, InventoryCommand?, IdempotencyKey?)] = []
            for device in devices {
                for _ in 0..<Int.random(in: 2...5, using: &random) {
                    let product = S.products[Int.random(in: 0..<S.products.count, using: &random)]
                    let key = Int.random(in: 0..<3, using: &random) == 0 ? keys[Int.random(in: 0..<keys.count, using: &random)] : nil
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<5:
                        calls.append((device, .purchase(PurchaseRequest(productID: product, amount: 2, unit: S.piece, locationID: S.pantry)), key))
                    case 5..<8:
                        calls.append((device, .consume(ConsumeRequest(productID: product, amount: 1, unit: S.piece)), key))
                    default:
                        calls.append((device, nil, nil))  // a sync pass among the commands
                    }
                }
            }
            switch Int.random(in: 0..<6, using: &random) {
            case 0: await remote.failNextCalls(1)
            case 1: await remote.timeOutAfterApplyingNext(1)
            case 2: await devices[0].connectivity.set(online: false)
            default: await devices[0].connectivity.set(online: true)
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (device, command, key) in calls {
                    let service = device.service
                    group.addTask {
                        guard let command else {
                            try await service.syncPending(households: [S.home])
                            return
                        }
                        do {
                            try await service.perform(command, in: S.home, idempotencyKey: key)
                        } catch is InventoryError {
                            // More than is in stock: nothing written.
                        }
                    }
                }
                try await group.waitForAll()
            }
            for device in devices { device.clock.advance(by: Double(Int.random(in: 1...90, using: &random))) }
        }

        try await S.healAndSync(devices, remote: remote)

        let remoteIDs = await remote.entries(of: S.home).map(\.id)
        #expect(remoteIDs.count == Set(remoteIDs).count, "the remote journal holds an entry twice")
        let reference = try await devices[0].service.state(of: S.home)
        for device in devices {
            #expect(try await device.service.pendingCount() == 0)
            let entries = try await device.service.store.entries(of: S.home)
            #expect(Set(entries.map(\.id)) == Set(remoteIDs))
            #expect(try await device.service.state(of: S.home) == reference, "replica \(device.replica) diverged")
        }
        let journal = try await devices[0].service.store.entries(of: S.home)
        #expect(InventoryProjector.project(journal) == reference)
        // Each key is owned by one transaction; every other transaction with it is recorded and not counted.
        let skipped = Set(reference.anomalies.compactMap { anomaly -> UUID? in
            if case .duplicateIdempotencyKey(let entry, _, _) = anomaly { return entry }
            return nil
        })
        for key in keys {
            let counted = Set(journal.filter { $0.idempotencyKey == key && !skipped.contains($0.id) }.map(\.transactionID))
            #expect(counted.count <= 1, "key \(key) counted \(counted.count) times")
            if let owner = counted.first { #expect(reference.idempotencyResults[key] == owner) }
        }
        S.expectBalancedStock(journal, reference, skipped: skipped)
    }
}
