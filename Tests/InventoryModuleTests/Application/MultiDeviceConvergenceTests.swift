import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// Two and three devices purchase, consume, open and transfer offline from shared lots, with injected failures,
/// lost ACKs, duplicated deliveries and restarts, syncing in random orders. After everything syncs, every replica
/// holds the same state, every journal (local and remote) holds every operation exactly once, and each product's
/// stock equals what was bought minus what was consumed.
@Suite("Multi-device inventory convergence")
struct MultiDeviceConvergenceTests {
    typealias S = ServiceFixtures

    @Test("200 seeds converge", arguments: 0..<200)
    func converges(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 104_729 &+ 7)
        let remote = InMemoryInventoryRemote()
        let devices = try await S.household(of: seed, remote: remote, prefix: "d", skew: 3.7)
        var written: Set<UUID> = Set(try await devices[0].service.state(of: S.home).appliedEntryIDs)
        let amounts = ["0.5", "1", "2", "0.1"]
        let locations = [S.pantry, S.fridge, S.freezer]

        for _ in 0..<50 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            let product = S.products[Int.random(in: 0..<S.products.count, using: &random)]
            let amount = S.dec(amounts[Int.random(in: 0..<amounts.count, using: &random)])
            let location = locations[Int.random(in: 0..<locations.count, using: &random)]
            var command: InventoryCommand?
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25:
                command = .purchase(PurchaseRequest(productID: product, amount: amount * 4, unit: S.piece, locationID: location))
            case 25..<45:
                command = .consume(ConsumeRequest(productID: product, amount: amount, unit: S.piece, spoiled: Bool.random(using: &random)))
            case 45..<52:
                command = .open(OpenRequest(productID: product, amount: amount, unit: S.piece))
            case 52..<60:
                command = .transfer(TransferRequest(productID: product, amount: amount, unit: S.piece, scope: .household, destination: location))
            case 60..<68:
                await device.connectivity.set(online: !(await device.connectivity.isOnline))
            case 68..<73:
                await remote.failNextCalls(Int.random(in: 1...2, using: &random))
            case 73..<77:
                await remote.timeOutAfterApplyingNext(1)
            case 77..<81:
                await remote.deliverTwiceNext(1)
            case 81..<86:
                await device.restart()
            default:
                try await device.service.syncPending(households: [S.home])
            }
            if let command {
                do {
                    let result = try await device.service.perform(command, in: S.home)
                    written.formUnion(result.entries.map(\.id))
                } catch is InventoryError {
                    // A refused command (more than is in stock, a transfer to where it already is) writes nothing.
                }
            }
            for other in devices { other.clock.advance(by: Double(Int.random(in: 0...120, using: &random))) }
        }

        try await S.healAndSync(devices, remote: remote)

        let remoteIDs = await remote.entries(of: S.home).map(\.id)
        #expect(remoteIDs.count == Set(remoteIDs).count, "the remote journal holds an entry twice")
        #expect(Set(remoteIDs) == written, "the remote journal does not hold exactly the operations written")
        let reference = try await devices[0].service.state(of: S.home)
        #expect(reference.appliedEntryIDs == written)
        for device in devices {
            #expect(try await device.service.pendingCount() == 0)
            let entries = try await device.service.store.entries(of: S.home)
            #expect(entries.count == written.count && Set(entries.map(\.id)) == written)
            #expect(try await device.service.state(of: S.home) == reference, "replica \(device.replica) diverged")
        }
        let journal = try await devices[0].service.store.entries(of: S.home)
        S.expectBalancedStock(journal, reference)
    }
}
