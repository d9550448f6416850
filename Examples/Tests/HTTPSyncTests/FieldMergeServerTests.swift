import Foundation
import HTTPSync
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

/// The field-by-field merge through the real sync server: three devices edit random fields of shared products,
/// offline for random stretches, and sync through `HTTPProductGateway`. After everything syncs, every field holds
/// its latest-stamped write on every device and on the server, and every write lost to a concurrent one is named by
/// a conflict record.
@Suite(
    "Field-by-field merge through the sync server", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct FieldMergeServerTests {
    static let t0 = Date(timeIntervalSinceReferenceDate: 800_000_000)

    struct Device {
        var replica: ReplicaID
        var clock: ManualClock
        var connectivity: ToggleConnectivity
        var store: StorageProductStore
        var service: ProductModuleService
    }

    /// 50 seeds in a normal run (the kit's in-memory `FieldMergeSyncTests` run the same model for 200), 200 in a long
    /// one (``PropertyRunSize``).
    @Test(
        "fields end at their latest-stamped write on every device and the server, for every seed",
        arguments: 0..<PropertyRunSize.seeds(normal: 50, long: 200))
    func converges(seed: Int) async throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 3)
        var random = SeededRandomNumberGenerator(seed: UInt64(seed) &* 7_877 &+ 5)
        let devices = try (0..<3).map { index in
            let clock = ManualClock(Self.t0 + Double(index) * 0.53)
            let connectivity = ToggleConnectivity()
            let replica = ReplicaID("server-device-\(index)")
            let store = StorageProductStore(storage: InMemoryStorageProvider())
            let service = ProductModuleService(
                store: store,
                remote: HTTPProductGateway(client: try HTTPTestSupport.client(server, household, device: index)),
                connectivity: connectivity,
                strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue),
                replicaID: replica, clock: clock.clock)
            return Device(replica: replica, clock: clock, connectivity: connectivity, store: store, service: service)
        }
        var ids: [ProductID] = []
        for index in 0..<2 {
            let product = try Product.new(barcode: nil, title: "p\(index)", id: UUID(), now: Self.t0)
            try await devices[0].service.addProducts([product])
            ids.append(product.productID)
        }
        for device in devices { try await device.service.syncPending() }

        var log = FieldWriteLog()
        for step in 0..<24 {
            let device = devices[Int.random(in: 0..<devices.count, using: &random)]
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<55:
                let id = ids[Int.random(in: 0..<ids.count, using: &random)]
                let fields = FieldWriteLog.randomFields(upTo: 2, using: &random)
                try await log.edit(id, fields: fields, tag: "\(step)-\(device.replica)", in: device.service, store: device.store)
            case 55..<70:
                await device.connectivity.set(online: !(await device.connectivity.isOnline))
            default:
                try await device.service.syncPending()
            }
            for other in devices { other.clock.advance(by: Double(Int.random(in: 0...4, using: &random))) }
        }
        for device in devices { await device.connectivity.set(online: true) }
        for _ in 0..<3 {
            for device in devices {
                device.clock.advance(by: 1_000)
                try await device.service.syncPending()
            }
        }

        let gateway = HTTPProductGateway(client: try HTTPTestSupport.client(server, household))
        var onServer: [ProductID: Product] = [:]
        for id in ids { onServer[id] = try await gateway.fetch(id)?.product }
        #expect(log.mismatches(in: onServer) == [], "on the server: seed \(seed)")
        var records: [SyncConflictRecord] = []
        for device in devices {
            #expect(try await device.service.pendingCount() == 0)
            var local: [ProductID: Product] = [:]
            for id in ids { local[id] = try await device.service.retrieveProduct(by: .productID(id)) }
            #expect(log.mismatches(in: local) == [], "on \(device.replica): seed \(seed)")
            records += try await device.service.conflictLog.recent(limit: 1_000)
        }
        #expect(log.unrecordedLosses(in: records).isEmpty, "lost writes without a conflict record: seed \(seed)")
    }
}
