import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

/// Three devices edit random fields of shared products, offline for random stretches, with injected failures,
/// duplicated deliveries, lost ACKs, clock skew and restarts. After everything syncs under the default
/// field-by-field merge, every field of every product holds the value of its latest-stamped write on every device
/// and the remote, and every write that did not survive — and that no later write was made on top of — is named
/// as the discarded value of a conflict record.
@Suite("Field-by-field merge: every field ends at its latest write, every lost write is recorded")
struct FieldMergeSyncTests {
    typealias F = SyncFixtures

    @Test("200 seeds: fields end at their latest-stamped write, lost writes are recorded", arguments: 0..<200)
    func converges(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 6_151 &+ 29)
        let remote = InMemoryProductRemote()
        let devices = (0..<3).map { index in
            F.Device("device-\(index)", remote: remote, clock: ManualClock(F.t0 + Double(index) * 0.41), seed: UInt64(seed * 10 + index))
        }
        var ids: [ProductID] = []
        for index in 0..<3 {
            let product = try Product.fixture(
                title: "p\(index)", barcode: GTIN.fixtureEAN13(seed * 10 + index), id: devices[0].uuids.next())
            try await devices[0].service.addProducts([product])
            ids.append(product.productID)
        }
        for device in devices { try await device.service.syncPending() }
        var log = FieldWriteLog()

        for step in 0..<50 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<50:
                let id = ids[Int.random(in: 0..<ids.count, using: &random)]
                let fields = FieldWriteLog.randomFields(upTo: 3, using: &random)
                try await log.edit(id, fields: fields, tag: "\(step)-\(device.replica)", in: device.service, store: device.service.store)
            case let roll:
                try await F.disturb(roll - 50, device: device, remote: remote, random: &random)
            }
            for other in devices { other.clock.advance(by: Double(Int.random(in: 0...4, using: &random))) }
        }

        try await F.heal(devices, remote: remote)

        let remoteRecords = await remote.records()
        var records: [SyncConflictRecord] = []
        for device in devices {
            #expect(try await device.service.pendingCount() == 0, "\(device.replica) still has changes waiting")
            records += try await device.service.conflictLog.recent(limit: 1_000)
        }
        let remoteProducts = remoteRecords.compactMapValues(\.product)
        #expect(log.mismatches(in: remoteProducts) == [], "on the remote: seed \(seed)")
        for device in devices {
            let products = Dictionary(uniqueKeysWithValues: try await device.products().map { ($0.productID, $0) })
            #expect(log.mismatches(in: products) == [], "on \(device.replica): seed \(seed)")
        }
        #expect(log.unrecordedLosses(in: records).isEmpty, "lost writes without a conflict record: seed \(seed)")
    }
}
