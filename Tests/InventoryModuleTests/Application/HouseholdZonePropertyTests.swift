import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import Testing

/// Devices in several zones create the household offline or join it by a pull, change its zone on purpose, book
/// stock, restart and sync with clocks apart: every state equals the full fold of its journal (checkpoints
/// included), and the household's zone is the one the rule names.
@Suite("Household zones: creations and changes on devices in several zones, with checkpoints and late arrivals")
struct HouseholdZonePropertyTests {
    typealias S = ServiceFixtures

    static let zones = ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Oslo", "Asia/Tokyo", "UTC"]
        .map { (try? HouseholdTimeZone(identifier: $0)) ?? .utc }

    /// The zone the rule names for a journal: the last zone set on purpose in journal order, else the zone of the
    /// first creation in journal order.
    static func expectedZone(of journal: [InventoryJournalEntry]) -> HouseholdTimeZone? {
        let ordered = InventoryJournalEntry.ordered(journal)
        let chosen = ordered.compactMap { entry -> HouseholdTimeZone? in
            if case .setHouseholdTimeZone(let zone) = entry.operation { return zone }
            return nil
        }
        let created = ordered.compactMap { entry -> HouseholdTimeZone? in
            if case .createHousehold(_, let zone) = entry.operation { return zone }
            return nil
        }
        return chosen.last ?? created.first
    }

    @Test("100 seeds: every device folds to the full fold, and all end on the zone the rule names", arguments: 0..<100)
    func zoneFollowsTheRule(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 7_919 &+ 3)
        let remote = InMemoryInventoryRemote()
        let policy = InventoryCheckpointPolicy(interval: 2 + seed % 4, newestKept: 1 + seed % 3)
        // Clocks apart, some behind: one device's creation or change can sort before what the others folded.
        let skew: Double = seed % 2 == 0 ? 40 : -40
        let devices = (0..<(2 + seed % 2)).map { index in
            S.Device(
                "z\(index)", remote: remote, clock: ManualClock(S.t0 + Double(index) * skew), checkpoints: policy,
                seed: UInt64(seed * 10 + index), timeZone: Self.zones[(seed + index) % Self.zones.count])
        }

        var zoneChanges = 0
        for _ in 0..<14 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            if try await device.service.state(of: S.home).households[S.home] == nil {
                // Its first command: after a pull (a join) or offline (a creation of its own).
                if Bool.random(using: &random) { try await device.service.syncPending(households: [S.home]) }
                if try await device.service.state(of: S.home).households[S.home] == nil { try await device.setUpHousehold() }
            } else {
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let product = S.products[Int.random(in: 0..<S.products.count, using: &random)]
                    let command: InventoryCommand
                    switch Int.random(in: 0..<10, using: &random) {
                    case 0..<3:
                        command = .setHouseholdTimeZone(Self.zones[Int.random(in: 0..<Self.zones.count, using: &random)])
                    case 3..<7:
                        command = .purchase(PurchaseRequest(productID: product, amount: 2, unit: S.piece, locationID: S.pantry))
                    default:
                        command = .consume(ConsumeRequest(productID: product, amount: 1, unit: S.piece))
                    }
                    do {
                        let result = try await device.service.perform(command, in: S.home)
                        if case .setHouseholdTimeZone = command { zoneChanges += result.entries.count }
                    } catch is InventoryError {
                        // Not enough stock: nothing written.
                    }
                }
            }
            device.clock.advance(by: Double(Int.random(in: 1...30, using: &random)))
            if Bool.random(using: &random) { try await device.service.syncPending(households: [S.home]) }
            if Int.random(in: 0..<4, using: &random) == 0 { await device.restart() }
            for device in devices { try await CheckpointPropertyTests.expectFullFold(device) }
        }
        try await S.healAndSync(devices, remote: remote)
        for device in devices {
            try await CheckpointPropertyTests.expectFullFold(device)
            await device.restart()
            try await CheckpointPropertyTests.expectFullFold(device)
        }
        let reference = try await devices[0].service.state(of: S.home)
        for device in devices { #expect(try await device.service.state(of: S.home) == reference) }
        let journal = try await devices[0].service.store.entries(of: S.home)
        #expect(reference.households[S.home]?.timeZone == Self.expectedZone(of: journal))
        // Only the changes made on purpose are zone changes: no creation or join booked one.
        #expect(journal.filter { $0.operation.kind == .setHouseholdTimeZone }.count == zoneChanges)
    }
}
