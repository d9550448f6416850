import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import Testing

@Suite("Lot dates through the service: command, journal, fold, checkpoint, reopen")
struct LotDateServiceTests {
    typealias S = ServiceFixtures

    @Test("a packaged-on day and a back-dated opening survive the journal, a checkpoint and a restart")
    func roundTrip() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote(), checkpoints: InventoryCheckpointPolicy(interval: 3))
        try await device.setUpHousehold()
        let day = { (offset: Int) in CalendarDay(utcDayOf: S.t0).adding(days: offset) }
        let scanned = try LotDateProvenance(kind: .packagedOn, source: .scannedLabel, rawText: "PKD 07.03", confidence: 0.9)
        let bought = try await device.service.perform(
            .purchase(
                PurchaseRequest(
                    productID: S.products[0], amount: 2, unit: S.piece, locationID: S.fridge, packagedOn: day(-3),
                    packagedOnProvenance: scanned)),
            in: S.home)
        guard case .purchase(let payload)? = bought.entries.first?.operation else {
            Issue.record("no purchase entry")
            return
        }
        #expect(payload.packagedOn == day(-3) && payload.packagedOnProvenance == scanned)
        try await device.service.perform(
            .open(OpenRequest(productID: S.products[0], amount: 2, scope: .lot(payload.lotID), openedOn: day(-1))), in: S.home)
        await device.service.writeCheckpoints()
        let journal = try await device.service.store.entries(of: S.home)
        #expect(journal.contains { entry in
            if case .purchase(let stored) = entry.operation { return stored.packagedOn == day(-3) }
            return false
        })
        #expect(try await device.service.store.checkpointMarks(of: S.home).contains { $0.entryCount == journal.count })

        await device.restart()
        let state = try await device.service.state(of: S.home)
        #expect(state == InventoryProjector.project(journal))
        let lot = try #require(state.lots[payload.lotID])
        #expect(lot.packagedOn == day(-3) && lot.packagedOnProvenance == scanned)
        #expect(lot.openedAt == day(-1).utcMidnight && lot.openedOnProvenance?.source == .typed)
    }

    @Test("a refused lot date leaves the stored journal as it was")
    func refusalWritesNothing() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote())
        try await device.setUpHousehold()
        let before = try await device.service.store.entries(of: S.home).count
        let tomorrow = CalendarDay(utcDayOf: S.t0).adding(days: 1)
        await #expect(throws: InventoryError.dateInTheFuture(.packagedOn, day: tomorrow, product: S.products[0])) {
            try await device.service.perform(
                .purchase(
                    PurchaseRequest(
                        productID: S.products[0], amount: 1, unit: S.piece, locationID: S.fridge, packagedOn: tomorrow)),
                in: S.home)
        }
        #expect(try await device.service.store.entries(of: S.home).count == before)
        #expect(try await device.service.pendingCount() == before)
    }
}
