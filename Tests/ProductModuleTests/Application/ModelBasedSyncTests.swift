import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

/// A seeded random sequence of adds, updates and deletes on two or three replicas sharing one remote, with
/// offline periods, injected failures, duplicated deliveries, lost ACKs, clock skew and process restarts.
/// After everything syncs, every replica holds byte-identical products equal to the remote's, every product's
/// final state is its last write (greatest stamp) — nothing lost — and nothing is duplicated. Under the
/// whole-record policy `lastWriteWins`; `FieldMergeSyncTests` holds the default field-by-field merge.
@Suite("Model-based sync: replicas converge without loss or duplicates")
struct ModelBasedSyncTests {
    typealias F = SyncFixtures

    /// A write the model remembers: the product's state after it (nil = deleted) and the write's stamp.
    struct Write {
        var product: Product?
        var stamp: SyncStamp
    }

    @Test("200 seeds converge", arguments: 0..<200)
    func converges(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 7_919 &+ 13)
        let remote = InMemoryProductRemote()
        let replicaCount = 2 + seed % 2
        let devices = (0..<replicaCount).map { index in
            F.Device(
                "r\(index)", remote: remote, clock: ManualClock(F.t0 + Double(index) * 0.37),
                strategy: ProductSyncStrategy(
                    readPolicy: .localOnly, writePolicy: .localThenEnqueue, conflictPolicy: .lastWriteWins,
                    retryPolicy: RetryPolicy(baseDelay: 1, maxDelay: 8, maxAttempts: 1_000)),
                seed: UInt64(seed * 10 + index))
        }
        let barcodes = (0..<6).map { GTIN.fixtureEAN13(seed * 100 + $0) }
        var writes: [ProductID: [Write]] = [:]

        func record(_ device: F.Device, _ id: ProductID) async throws {
            let product = try await device.service.store.product(id)
            guard let sync = try await device.service.store.syncRecord(id) else { return }
            writes[id, default: []].append(Write(product: product, stamp: sync.stamp))
        }

        for step in 0..<60 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            let local = try await device.products()
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<25:
                let barcode: String? = Bool.random(using: &random) ? barcodes[Int.random(in: 0..<barcodes.count, using: &random)] : nil
                let product = try Product.new(
                    barcode: barcode, title: "t\(step)", brand: ["a", "b"][step % 2], id: device.uuids.next(), now: device.clock.now)
                do {
                    try await device.service.addProducts([product])
                    try await record(device, product.productID)
                } catch ProductModuleError.alreadyExists {
                    // The replica already holds this barcode: a valid refusal.
                }
            case 25..<50 where !local.isEmpty:
                var product = local[Int.random(in: 0..<local.count, using: &random)]
                product.title = "t\(step)"
                product.searchKeywords = ["s\(step)"]
                try await device.service.updateProducts([product])
                try await record(device, product.productID)
            case 50..<60 where !local.isEmpty:
                let id = local[Int.random(in: 0..<local.count, using: &random)].productID
                try await device.service.deleteProducts([id])
                try await record(device, id)
            case let roll:
                try await F.disturb(max(0, roll - 60), device: device, remote: remote, random: &random)
            }
            for other in devices { other.clock.advance(by: Double(Int.random(in: 0...3, using: &random))) }
        }

        try await F.heal(devices, remote: remote)

        let remoteRecords = await remote.records()
        let remoteProducts = await remote.products()
        let expectedBytes = try remoteProducts.map { try RecordCoding.encode($0) }
        for device in devices {
            #expect(try await device.service.pendingCount() == 0, "replica \(device.replica) still has changes waiting")
            let products = try await device.products()
            #expect(try products.map { try RecordCoding.encode($0) } == expectedBytes, "replica \(device.replica) differs from the remote")
            for product in products {
                #expect(try await device.service.store.tombstone(product.productID) == nil)
                #expect(try await device.service.syncStatus(of: product.productID) == .synced)
            }
        }
        for (id, history) in writes {
            guard let last = history.max(by: { $0.stamp < $1.stamp }) else { continue }
            let final = try #require(remoteRecords[id], "the remote lost product \(id)")
            #expect(final.stamp == last.stamp, "product \(id): the remote holds \(final.stamp), the last write was \(last.stamp)")
            #expect(final.product == last.product, "product \(id): the remote state is not the last write")
        }
        #expect(Set(remoteRecords.keys) == Set(writes.keys))
    }
}
