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

    /// The fields the devices edit.
    static let fields: [ProductField] = [.title, .brand, .size, .shortDescription, .countryOfOrigin, .searchKeywords]

    /// One local write of one field: its value, its stamp, and the stamp of the value it replaced on that device.
    struct FieldWrite {
        var value: String?
        var stamp: SyncStamp
        var replaced: SyncStamp
    }

    struct Key: Hashable {
        var id: ProductID
        var field: ProductField
    }

    @Test("200 seeds: fields end at their latest-stamped write, lost writes are recorded", arguments: 0..<200)
    func converges(seed: Int) async throws {
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 6_151 &+ 29)
        let remote = InMemoryProductRemote()
        let devices = (0..<3).map { index in
            F.Device("device-\(index)", remote: remote, clock: ManualClock(F.t0 + Double(index) * 0.41), seed: UInt64(seed * 10 + index))
        }
        var ids: [ProductID] = []
        for index in 0..<3 {
            let product = try F.product(
                barcode: F.ean13(seed * 10 + index), title: "p\(index)", now: F.t0, id: devices[0].uuids.next())
            try await devices[0].service.addProducts([product])
            ids.append(product.productID)
        }
        for device in devices { try await device.service.syncPending() }
        var writes: [Key: [FieldWrite]] = [:]

        for step in 0..<50 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<50:
                let id = ids[Int.random(in: 0..<ids.count, using: &random)]
                guard var product = try await device.service.store.product(id) else { continue }
                let before = try #require(try await device.service.store.syncRecord(id)).resolvedFieldClock
                let chosen = Set((0..<Int.random(in: 1...3, using: &random)).map { _ in
                    Self.fields[Int.random(in: 0..<Self.fields.count, using: &random)]
                })
                for field in chosen { Self.set(field, of: &product, to: "\(field.rawValue)-\(step)-\(device.replica)") }
                try await device.service.updateProducts([product])
                let after = try #require(try await device.service.store.syncRecord(id))
                for field in chosen {
                    writes[Key(id: id, field: field), default: []].append(
                        FieldWrite(value: product.text(of: field), stamp: after.stamp, replaced: before.stamp(of: field)))
                }
            case 50..<60:
                await device.connectivity.set(online: !(await device.connectivity.isOnline))
            case 60..<65:
                await remote.failNextCalls(Int.random(in: 1...2, using: &random))
            case 65..<69:
                await remote.timeOutAfterApplyingNext(1)
            case 69..<73:
                await remote.deliverTwiceNext(1)
            case 73..<78:
                await device.restart()
            default:
                try await device.service.syncPending()
            }
            for other in devices { other.clock.advance(by: Double(Int.random(in: 0...4, using: &random))) }
        }

        await remote.clearFaults()
        for device in devices { await device.connectivity.set(online: true) }
        for _ in 0..<4 {
            for device in devices {
                device.clock.advance(by: 1_000)
                try await device.service.syncPending()
            }
        }

        let remoteRecords = await remote.records()
        var records: [SyncConflictRecord] = []
        for device in devices {
            #expect(try await device.service.pendingCount() == 0, "\(device.replica) still has changes waiting")
            records += try await device.service.conflictLog.recent(limit: 1_000)
        }
        let superseded = Set(writes.values.joined().map(\.replaced))
        for (key, history) in writes {
            guard let latest = history.max(by: { $0.stamp < $1.stamp }) else { continue }
            let remoteProduct = try #require(remoteRecords[key.id]?.product, "the remote lost product \(key.id)")
            #expect(remoteProduct.text(of: key.field) == latest.value, "\(key.field) of \(key.id) on the remote: seed \(seed)")
            for device in devices {
                let product = try #require(try await device.service.store.product(key.id))
                #expect(product.text(of: key.field) == latest.value, "\(key.field) of \(key.id) on \(device.replica): seed \(seed)")
            }
            for write in history where write.stamp != latest.stamp && !superseded.contains(write.stamp) {
                let named = records.contains {
                    $0.entityID == key.id.rawValue && $0.decision.field == key.field.rawValue
                        && $0.decision.discarded?.stamp == write.stamp && $0.decision.discarded?.text == write.value
                }
                #expect(named, "the lost write \(write.value ?? "nil") of \(key.field) (\(write.stamp)) has no conflict record: seed \(seed)")
            }
        }
    }

    private static func set(_ field: ProductField, of product: inout Product, to value: String) {
        switch field {
        case .title: product.title = value
        case .brand: product.brand = value
        case .size: product.size = value
        case .shortDescription: product.shortDescription = value
        case .countryOfOrigin: product.countryOfOrigin = value
        default: product.searchKeywords = [value]
        }
    }
}
