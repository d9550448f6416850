import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

/// The default conflict policy merges field by field: what one device changed survives another device's change of
/// other fields, a field both changed goes to the later write, deletes against edits follow the records' stamps,
/// and every decided field is kept in the conflict log.
@Suite("Field-by-field merge of concurrent product edits")
struct ProductFieldMergeTests {
    typealias F = SyncFixtures

    /// A kitchen and a phone sharing one product, both synced.
    private static func household() async throws -> (kitchen: F.Device, phone: F.Device, id: ProductID, remote: InMemoryProductRemote) {
        let remote = InMemoryProductRemote()
        let kitchen = F.Device("kitchen", remote: remote, clock: ManualClock(F.t0))
        let phone = F.Device("phone", remote: remote, clock: ManualClock(F.t0 + 0.5))
        let milk = try Product.fixture(title: "Milk", barcode: GTIN.fixtureEAN13(42), id: kitchen.uuids.next())
        try await kitchen.service.addProducts([milk])
        try await kitchen.service.syncPending()
        try await phone.service.syncPending()
        #expect(try await phone.service.store.product(milk.productID)?.title == "Milk")
        return (kitchen, phone, milk.productID, remote)
    }

    private static func edit(_ device: F.Device, _ id: ProductID, _ change: (inout Product) -> Void) async throws {
        var product = try #require(try await device.service.store.product(id))
        change(&product)
        try await device.service.updateProducts([product])
    }

    /// The walkthrough's edits: the kitchen sets title and brand, the phone a minute later only the title.
    private static func walkthroughEdits(kitchen: F.Device, phone: F.Device, _ id: ProductID) async throws {
        kitchen.clock.advance(by: 60)
        try await edit(kitchen, id) {
            $0.title = "Milk 3.5%"
            $0.brand = "Weihenstephan"
        }
        phone.clock.advance(by: 120)
        try await edit(phone, id) { $0.title = "Organic milk" }
    }

    @Test("the walkthrough's brand case: the kitchen's brand survives the phone's later title, and both fields are recorded")
    func walkthroughBrandCase() async throws {
        let (kitchen, phone, id, _) = try await Self.household()
        await phone.connectivity.set(online: false)
        try await Self.walkthroughEdits(kitchen: kitchen, phone: phone, id)
        try await kitchen.service.syncPending()

        await phone.connectivity.set(online: true)
        let report = try await phone.service.syncPending()
        #expect(report.conflicts == 1 && report.decidedFields == [.kept: 1, .replaced: 1], "\(report)")
        try await kitchen.service.syncPending()
        for device in [kitchen, phone] {
            let product = try #require(try await device.service.store.product(id))
            #expect(product.title == "Organic milk" && product.brand == "Weihenstephan", "\(device.replica): \(product)")
        }

        let decisions = try await phone.service.conflictLog.recent().map(\.decision).sorted { $0.field < $1.field }
        #expect(decisions.map(\.description) == [
            "brand: kept 'Weihenstephan' (kitchen) — no other value",
            "title: 'Organic milk' (phone, later) replaced 'Milk 3.5%' (kitchen)",
        ])
    }

    @Test("the same edits synced in the other order end the same: the later title wins wherever the merge happens")
    func orderDoesNotMatter() async throws {
        let (kitchen, phone, id, _) = try await Self.household()
        await kitchen.connectivity.set(online: false)
        try await Self.walkthroughEdits(kitchen: kitchen, phone: phone, id)
        try await phone.service.syncPending()
        await kitchen.connectivity.set(online: true)
        try await kitchen.service.syncPending()
        try await phone.service.syncPending()
        for device in [kitchen, phone] {
            let product = try #require(try await device.service.store.product(id))
            #expect(product.title == "Organic milk" && product.brand == "Weihenstephan", "\(device.replica): \(product)")
        }
        let titles = try await kitchen.service.conflictLog.recent().filter { $0.decision.field == "title" }
        #expect(titles.map(\.decision.description) == ["title: 'Organic milk' (phone, later) replaced 'Milk 3.5%' (kitchen)"])
    }

    @Test("a delete against an edit: the delete wins unless the edit is later")
    func deleteAgainstEdit() async throws {
        for editIsLater in [false, true] {
            let (kitchen, phone, id, _) = try await Self.household()
            await phone.connectivity.set(online: false)
            kitchen.clock.advance(by: editIsLater ? 10 : 100)
            try await kitchen.service.deleteProducts([id])
            phone.clock.advance(by: editIsLater ? 100 : 10)
            try await Self.edit(phone, id) { $0.brand = "Acme" }
            try await kitchen.service.syncPending()
            await phone.connectivity.set(online: true)
            try await phone.service.syncPending()
            try await kitchen.service.syncPending()
            for device in [kitchen, phone] {
                let product = try await device.service.store.product(id)
                if editIsLater {
                    #expect(product?.brand == "Acme", "\(device.replica): the later edit wins over the delete")
                } else {
                    #expect(product == nil, "\(device.replica): the later delete wins over the edit")
                }
            }
        }
    }

    @Test("a re-created product is a new life: fields of the deleted one do not come back")
    func recreationIsANewLife() async throws {
        let (kitchen, phone, id, _) = try await Self.household()
        try await Self.edit(kitchen, id) { $0.brand = "Old brand" }
        try await kitchen.service.syncPending()
        try await kitchen.service.deleteProducts([id])
        try await kitchen.service.syncPending()
        kitchen.clock.advance(by: 10)
        let again = try Product.fixture(
            title: "Milk again", barcode: GTIN.fixtureEAN13(42), id: kitchen.uuids.next(), now: kitchen.clock.now)
        #expect(again.productID == id)
        try await kitchen.service.addProducts([again])
        try await kitchen.service.syncPending()
        try await phone.service.syncPending()
        let product = try #require(try await phone.service.store.product(id))
        #expect(product.title == "Milk again" && product.brand == nil)
    }

    @Test("the whole-record policy stays available: lastWriteWins keeps the later write whole")
    func lastWriteWinsStaysAvailable() async throws {
        let remote = InMemoryProductRemote()
        let strategy = ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue, conflictPolicy: .lastWriteWins)
        let kitchen = F.Device("kitchen", remote: remote, clock: ManualClock(F.t0), strategy: strategy)
        let phone = F.Device("phone", remote: remote, clock: ManualClock(F.t0 + 0.5), strategy: strategy)
        let milk = try Product.fixture(title: "Milk", barcode: GTIN.fixtureEAN13(7), id: kitchen.uuids.next())
        try await kitchen.service.addProducts([milk])
        try await kitchen.service.syncPending()
        try await phone.service.syncPending()
        try await Self.edit(kitchen, milk.productID) { $0.brand = "Weihenstephan" }
        phone.clock.advance(by: 60)
        try await Self.edit(phone, milk.productID) { $0.title = "Organic milk" }
        try await kitchen.service.syncPending()
        let report = try await phone.service.syncPending()
        #expect(report.conflicts == 1 && report.decidedFields.isEmpty)
        let product = try #require(try await phone.service.store.product(milk.productID))
        #expect(product.title == "Organic milk" && product.brand == nil)
    }

    @Test("the field clock is stored compactly: a new product carries none, an edit names only the fields it changed")
    func compactClock() async throws {
        let (kitchen, _, id, _) = try await Self.household()
        #expect(try await kitchen.service.store.syncRecord(id)?.fieldClock == nil)
        kitchen.clock.advance(by: 5)
        try await Self.edit(kitchen, id) { $0.brand = "Acme" }
        let record = try #require(try await kitchen.service.store.syncRecord(id))
        let clock = try #require(record.fieldClock)
        #expect(Array(clock.fields.keys) == ["brand"] && clock.fields["brand"] == record.stamp)
        #expect(clock.stamp(of: .title) == clock.base && clock.base < record.stamp)
        let entry = try #require(try await kitchen.service.store.pendingEntry(for: id))
        #expect(entry.payload.fieldClock == clock)
        let decoded = try RecordCoding.decode(ProductOutboxEntry.self, from: try RecordCoding.encode(entry))
        #expect(decoded == entry)
    }

    @Test("field clocks merge commutatively, associatively and idempotently")
    func clockJoin() {
        let (a, b, c): (ReplicaID, ReplicaID, ReplicaID) = ("a", "b", "c")
        let x = ProductFieldClock(base: .fixture(version: 1, replica: a))
            .writing([.title], at: .fixture(version: 5, replica: a))
        let y = ProductFieldClock(base: .fixture(version: 2, replica: b))
            .writing([.brand, .size], at: .fixture(version: 4, replica: b))
        let z = ProductFieldClock(base: .fixture(version: 1, replica: c))
            .writing([.title, .size], at: .fixture(version: 6, replica: c))
        #expect(x.merged(with: y) == y.merged(with: x))
        #expect(x.merged(with: y).merged(with: z) == x.merged(with: y.merged(with: z)))
        #expect(x.merged(with: x) == x.merged(with: x).merged(with: x))
        let all = x.merged(with: y).merged(with: z)
        #expect(all.stamp(of: .title) == .fixture(version: 6, replica: c))
        #expect(all.stamp(of: .brand) == .fixture(version: 4, replica: b))
        #expect(all.stamp(of: .sku) == .fixture(version: 2, replica: b))
    }
}
