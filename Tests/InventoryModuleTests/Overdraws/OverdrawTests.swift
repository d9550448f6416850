import Foundation
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import Testing

/// The reported case of issue 44: a 2-piece lot, the kitchen uses 2 and the phone, offline, 1.5. After the sync
/// every replica shows one over-draw, and the household settles it by a dismissal or a correction, which sync.
@Suite("Over-draws")
struct OverdrawTests {
    typealias S = ServiceFixtures
    static let milk = S.products[0]

    /// The kitchen and the phone after the offline consumptions synced, and the transactions of both.
    struct Scene {
        let kitchen: S.Device
        let phone: S.Device
        let remote: InMemoryInventoryRemote
        let kitchenUse: TransactionID
        let phoneUse: TransactionID
        let phoneEntry: UUID
    }

    static func scene() async throws -> Scene {
        let remote = InMemoryInventoryRemote()
        let kitchen = S.Device("kitchen", remote: remote)
        let phone = S.Device("phone", remote: remote, clock: ManualClock(S.t0 + 1))
        try await kitchen.setUpHousehold()
        _ = try await kitchen.purchase(milk, "2", at: S.pantry)
        try await kitchen.service.syncPending(households: [S.home])
        try await phone.service.syncPending(households: [S.home])
        await kitchen.connectivity.set(online: false)
        await phone.connectivity.set(online: false)
        kitchen.clock.advance(by: 60)
        phone.clock.advance(by: 120)
        let kitchenUse = try await kitchen.service.perform(
            .consume(ConsumeRequest(productID: milk, amount: 2, unit: S.piece)), in: S.home)
        let phoneUse = try await phone.service.perform(
            .consume(ConsumeRequest(productID: milk, amount: S.dec("1.5"), unit: S.piece)), in: S.home)
        try await S.healAndSync([kitchen, phone], remote: remote)
        return Scene(
            kitchen: kitchen, phone: phone, remote: remote, kitchenUse: try #require(kitchenUse.transactionID),
            phoneUse: try #require(phoneUse.transactionID), phoneEntry: try #require(phoneUse.entries.first?.id))
    }

    @Test("two devices consuming the same lot offline show one over-draw of 1.5 asked, 0 taken, naming both transactions and authors on every replica")
    func offlineOverdrawIsShownOnEveryReplica() async throws {
        let scene = try await Self.scene()
        for device in [scene.kitchen, scene.phone] {
            let state = try await device.service.state(of: S.home)
            let overdraw = try #require(state.openOverdraws.first)
            #expect(state.openOverdraws.count == 1)
            #expect(overdraw.entryID == scene.phoneEntry && overdraw.transactionID == scene.phoneUse)
            #expect(overdraw.productID == Self.milk && overdraw.unit == S.piece)
            #expect(overdraw.asked == S.dec("1.5") && overdraw.taken == 0 && overdraw.missing == S.dec("1.5"))
            #expect(overdraw.author == ReplicaID("phone"))
            #expect(overdraw.takers.map(\.transactionID) == [scene.kitchenUse])
            #expect(overdraw.takers.map(\.author) == [ReplicaID("kitchen")])
            #expect(overdraw.takers.first?.at == S.t0 + 60 && overdraw.takers.first?.reason == .consumed)
            #expect(state.settlement(ofOverdraw: overdraw.entryID) == nil)
        }
    }

    @Test("a consumption that falls short partly records what it took, and the takers stop once they cover what was missing")
    func partialOverdrawNamesOnlyTheTakersThatCoverIt() async throws {
        let remote = InMemoryInventoryRemote()
        let kitchen = S.Device("kitchen", remote: remote)
        let phone = S.Device("phone", remote: remote, clock: ManualClock(S.t0 + 1))
        try await kitchen.setUpHousehold()
        _ = try await kitchen.purchase(Self.milk, "1", at: S.pantry)
        kitchen.clock.advance(by: 1)
        _ = try await kitchen.purchase(Self.milk, "1", at: S.fridge)
        kitchen.clock.advance(by: 1)
        _ = try await kitchen.purchase(Self.milk, "1", at: S.freezer)
        try await kitchen.service.syncPending(households: [S.home])
        try await phone.service.syncPending(households: [S.home])
        await phone.connectivity.set(online: false)
        kitchen.clock.advance(by: 10)
        let first = try await kitchen.service.perform(
            .consume(ConsumeRequest(productID: Self.milk, amount: 1, unit: S.piece, scope: .location(S.pantry))), in: S.home)
        kitchen.clock.advance(by: 10)
        let second = try await kitchen.service.perform(
            .consume(ConsumeRequest(productID: Self.milk, amount: 1, unit: S.piece, scope: .location(S.fridge))), in: S.home)
        phone.clock.advance(by: 100)
        _ = try await phone.service.perform(
            .consume(ConsumeRequest(productID: Self.milk, amount: S.dec("2.5"), unit: S.piece)), in: S.home)
        try await S.healAndSync([kitchen, phone], remote: remote)

        let state = try await phone.service.state(of: S.home)
        let overdraw = try #require(state.openOverdraws.first)
        #expect(overdraw.asked == S.dec("2.5") && overdraw.taken == 1 && overdraw.missing == S.dec("1.5"))
        #expect(overdraw.takers.map(\.transactionID) == [first.transactionID, second.transactionID].compactMap { $0 })
        #expect(state == (try await kitchen.service.state(of: S.home)))
    }

    @Test("dismissing an over-draw is a journal entry that settles it on every replica; a second dismissal is refused with the settling transaction")
    func dismissalSettlesEverywhere() async throws {
        let scene = try await Self.scene()
        let dismissal = try await scene.kitchen.service.perform(.dismissOverdraw(scene.phoneEntry), in: S.home)
        #expect(dismissal.entries.map(\.operation) == [.dismissOverdraw(scene.phoneEntry)])
        try await S.healAndSync([scene.kitchen, scene.phone], remote: scene.remote)
        for device in [scene.kitchen, scene.phone] {
            let state = try await device.service.state(of: S.home)
            #expect(state.openOverdraws.isEmpty)
            let settlement = try #require(state.settlement(ofOverdraw: scene.phoneEntry))
            #expect(settlement.resolution == .dismissed && settlement.author == ReplicaID("kitchen"))
            #expect(state.overdraw(entry: scene.phoneEntry)?.asked == S.dec("1.5"))
        }
        await #expect(throws: InventoryError.overdrawAlreadySettled(scene.phoneEntry, by: try #require(dismissal.transactionID))) {
            try await scene.phone.service.perform(.dismissOverdraw(scene.phoneEntry), in: S.home)
        }
    }

    @Test("dismissing an entry that has no over-draw is refused with the entry's id")
    func unknownOverdrawIsRefused() async throws {
        let scene = try await Self.scene()
        let kitchenEntry = try #require(try await scene.kitchen.service.state(of: S.home).transactions[scene.kitchenUse]?.entryIDs.first)
        await #expect(throws: InventoryError.unknownOverdraw(kitchenEntry)) {
            try await scene.kitchen.service.perform(.dismissOverdraw(kitchenEntry), in: S.home)
        }
    }

    @Test("a correction that names the over-draw books the count and settles it in one entry")
    func correctionSettles() async throws {
        let scene = try await Self.scene()
        let correction = try await scene.phone.service.perform(
            .correct(CorrectionRequest(
                productID: Self.milk, amount: 1, unit: S.piece, locationID: S.pantry, settlingOverdraws: [scene.phoneEntry])),
            in: S.home)
        #expect(correction.entries.count == 1)
        try await S.healAndSync([scene.kitchen, scene.phone], remote: scene.remote)
        for device in [scene.kitchen, scene.phone] {
            let state = try await device.service.state(of: S.home)
            #expect(state.openOverdraws.isEmpty)
            #expect(state.settlement(ofOverdraw: scene.phoneEntry)?.resolution == .corrected)
            #expect(state.stock(of: Self.milk).total == 1)
        }
    }

    @Test("a correction of another product cannot settle the over-draw")
    func correctionOfAnotherProductIsRefused() async throws {
        let scene = try await Self.scene()
        let eggs = S.products[1]
        await #expect(throws: InventoryError.overdrawProductMismatch(scene.phoneEntry, overdrawn: Self.milk, corrected: eggs)) {
            try await scene.phone.service.perform(
                .correct(CorrectionRequest(
                    productID: eggs, amount: 1, unit: S.piece, locationID: S.pantry, settlingOverdraws: [scene.phoneEntry])),
                in: S.home)
        }
    }

    @Test("undoing the short consumption removes its over-draw; undoing a dismissal reopens it")
    func undoRemovesOrReopens() async throws {
        let scene = try await Self.scene()
        let dismissal = try await scene.kitchen.service.perform(.dismissOverdraw(scene.phoneEntry), in: S.home)
        try await scene.kitchen.service.perform(.undo(try #require(dismissal.transactionID)), in: S.home)
        #expect(try await scene.kitchen.service.state(of: S.home).openOverdraws.map(\.entryID) == [scene.phoneEntry])

        try await scene.phone.service.perform(.undo(scene.phoneUse), in: S.home)
        try await S.healAndSync([scene.kitchen, scene.phone], remote: scene.remote)
        for device in [scene.kitchen, scene.phone] {
            let state = try await device.service.state(of: S.home)
            #expect(state.openOverdraws.isEmpty && state.overdraw(entry: scene.phoneEntry) == nil)
        }
    }

    @Test("over-draws and settlements survive a checkpoint")
    func checkpointKeepsOverdraws() async throws {
        let scene = try await Self.scene()
        try await scene.kitchen.service.perform(.dismissOverdraw(scene.phoneEntry), in: S.home)
        let state = try await scene.kitchen.service.state(of: S.home)
        let reopened = try #require(try InventoryCheckpoint(state: state, of: S.home)).state()
        #expect(reopened == state)
        #expect(reopened.overdrawHistory.count == 1 && reopened.overdrawSettlements.count == 1)
    }
}
