import Foundation
import HTTPSync
import InventoryKit
import InventoryModule
import InventorySync
import JSONFileStorage
import ProductModule
import SQLiteStorage

/// One device of a wire round trip: a SQLite or JSON-file store in a folder of its own, with the kit's services
/// syncing through the HTTP gateways of one device token.
final class WireDevice: Sendable {
    /// The kinds of store a device keeps.
    enum StoreKind: String, Sendable, CaseIterable {
        case sqlite, json
    }

    let kind: StoreKind
    let folder: URL
    let replica: ReplicaID
    let client: HTTPSyncClient
    let inventoryStore: any InventoryJournalStore
    let products: ProductModuleService
    let namedEntities: NamedEntitySync
    private let close: @Sendable () async throws -> Void

    private init(
        kind: StoreKind, folder: URL, replica: ReplicaID, client: HTTPSyncClient, inventoryStore: any InventoryJournalStore,
        products: ProductModuleService, namedEntities: NamedEntitySync, close: @escaping @Sendable () async throws -> Void
    ) {
        self.kind = kind
        self.folder = folder
        self.replica = replica
        self.client = client
        self.inventoryStore = inventoryStore
        self.products = products
        self.namedEntities = namedEntities
        self.close = close
    }

    /// Opens (or reopens) the device's store in `folder`.
    static func open(_ kind: StoreKind, in folder: URL, replica: ReplicaID, client: HTTPSyncClient) async throws -> WireDevice {
        let productRemote = HTTPProductGateway(client: client)
        let namedRemote = HTTPNamedEntityGateway(client: client)
        switch kind {
        case .sqlite:
            let storage = try SQLiteStorage(path: folder.appendingPathComponent("device.sqlite").path)
            return WireDevice(
                kind: kind, folder: folder, replica: replica, client: client, inventoryStore: SQLiteInventoryStore(storage: storage),
                products: ProductModuleService(store: SQLiteProductStore(storage: storage), remote: productRemote, replicaID: replica),
                namedEntities: NamedEntitySync(storage: storage, remote: namedRemote), close: { try storage.close() })
        case .json:
            let storage = try await JSONFileStorage(root: folder.appendingPathComponent("device-json"))
            return WireDevice(
                kind: kind, folder: folder, replica: replica, client: client,
                inventoryStore: StorageInventoryStore(storage: storage),
                products: ProductModuleService(store: StorageProductStore(storage: storage), remote: productRemote, replicaID: replica),
                namedEntities: NamedEntitySync(storage: storage, remote: namedRemote), close: { await storage.close() })
        }
    }

    /// A fresh inventory service on the device's store (it folds what the store holds now).
    func inventory() -> InventoryModuleService {
        InventoryModuleService(store: inventoryStore, remote: HTTPInventoryGateway(client: client), replicaID: replica)
    }

    /// Closes the store once background work is done.
    func shutDown() async throws {
        await products.waitForBackgroundWork()
        try await close()
    }

    // MARK: - Canonical state

    /// The household's projected state in the kit's canonical checkpoint bytes.
    func inventoryBytes(of household: HouseholdID) async throws -> Data {
        // No remote: the state the store holds, without a read-freshness pull.
        let service = InventoryModuleService(store: inventoryStore, replicaID: replica)
        let state = try await service.state(of: household)
        await service.waitForBackgroundWork()
        // Canonical: a state opened from a snapshot and one folded from the journal hold their history differently.
        return state.lastAppliedOrderKey == nil ? Data() : try InventoryCheckpoint.canonicalBytes(of: state)
    }

    /// The household's journal entries, by id, each in the kit's canonical encoding; without those in `excluded`.
    func journalBytes(of household: HouseholdID, excluding excluded: Set<UUID> = []) async throws -> [Data] {
        try await inventoryStore.entries(of: household).filter { !excluded.contains($0.id) }
            .sorted { $0.id.uuidString < $1.id.uuidString }.map { try RecordCoding.encode($0) }
    }

    /// The ids of the entries the device holds in the snapshot it joined the household from (none when it pulled
    /// every entry).
    func snapshotEntryIDs(of household: HouseholdID) async throws -> Set<UUID> {
        guard let floor = try await inventoryStore.snapshotFloor(of: household),
            let checkpoint = try await inventoryStore.checkpoint(floor.mark)
        else { return [] }
        return try checkpoint.state().appliedEntryIDs
    }

    /// The products of `ids`, in the kit's canonical encoding (`nil` for a missing one).
    func productBytes(_ ids: [ProductID]) async throws -> [Data?] {
        var bytes: [Data?] = []
        for id in ids {
            bytes.append(try await products.retrieveProduct(by: .productID(id)).map { try RecordCoding.encode($0) })
        }
        return bytes
    }

    /// Every category record, retired ones included, by id, in the kit's canonical encoding.
    func categoryBytes() async throws -> [Data] {
        try await namedEntities.repository(for: .category).allEntities(includingRetired: true)
            .sorted { $0.id.uuidString < $1.id.uuidString }.map { try RecordCoding.encode($0) }
    }
}
