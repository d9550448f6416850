import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

@Suite("StorageService routes records and assets to the store of their scope")
struct InventoryServiceTests {
    @Test("a user asset goes to user data and user metadata, a domain asset to the domain stores")
    func routing() async throws {
        let storage = InMemoryStorageProvider()
        let service = StorageService(storage: storage, clock: .constant(Date.fixtureEpoch))
        let photo = try await service.saveAsset(Data("jpeg".utf8), kind: .image, scope: .user, contentType: "image/jpeg", ownerID: "p1")
        let manual = try await service.saveAsset(Data("pdf".utf8), kind: .manual, scope: .domain, ownerID: "p1")
        #expect(photo.sha1 == "14993722cfd06f0e85fcc82a9dc489400beeabb9")
        #expect(photo.createdAt == Date.fixtureEpoch && photo.byteCount == 4)
        #expect(try await storage.userData.read(photo.recordID) == Data("jpeg".utf8))
        #expect(try await storage.domainData.read(photo.recordID) == nil)
        #expect(try await storage.domainData.read(manual.recordID) == Data("pdf".utf8))
        #expect(try await storage.userMetadata.load(InventoryAsset.self, id: photo.recordID) == photo)
        #expect(try await storage.domainMetadata.load(InventoryAsset.self, id: photo.recordID) == nil)
        let content = try await service.loadAsset(id: photo.id, scope: .user)
        #expect(content?.data == Data("jpeg".utf8))
        #expect(try await service.assets(ownedBy: "p1", scope: .user) == [photo])
        #expect(try await service.deleteAsset(id: photo.id, scope: .user))
        #expect(try await service.loadAsset(id: photo.id, scope: .user) == nil)
        #expect(try await service.deleteAsset(id: photo.id, scope: .user) == false)
    }

    @Test("bytes changed behind the record's back are reported as a corrupt blob")
    func corruptBlob() async throws {
        let storage = InMemoryStorageProvider()
        let service = StorageService(storage: storage)
        let asset = try await service.saveAsset(Data("original".utf8), kind: .document, scope: .user)
        try await storage.userData.write(Data("tampered".utf8), to: asset.recordID)
        await #expect(throws: StorageError.self) { try await service.loadAsset(id: asset.id, scope: .user) }
        try await storage.userData.delete(asset.recordID)
        await #expect(throws: StorageError.corruptBlob(id: asset.recordID, reason: "the asset's bytes are missing")) {
            try await service.loadAsset(id: asset.id, scope: .user)
        }
    }

    @Test("when the metadata write fails, the bytes written for it are rolled back")
    func rollback() async throws {
        let storage = InMemoryStorageProvider()
        let service = StorageService(storage: storage)
        let id = UUID()
        try await service.saveAsset(Data("v1".utf8), id: id, kind: .image, scope: .domain)
        let before = await storage.snapshot()
        // The blob write succeeds; the metadata write fails.
        let failing = FailingMetadataProvider(base: storage)
        let failingService = StorageService(storage: failing)
        await #expect(throws: StorageError.self) {
            try await failingService.saveAsset(Data("v2".utf8), id: id, kind: .image, scope: .domain)
        }
        #expect(await storage.snapshot() == before)
        let content = try await service.loadAsset(id: id, scope: .domain)
        #expect(content?.data == Data("v1".utf8))
    }

    @Test("records are saved into the metadata store of the scope asked for")
    func records() async throws {
        let storage = InMemoryStorageProvider()
        let service = StorageService(storage: storage)
        let product = SampleProduct(title: "Milk")
        try await service.save(product, scope: .user)
        #expect(try await service.load(SampleProduct.self, id: RecordID(product.id), scope: .user) == product)
        #expect(try await service.load(SampleProduct.self, id: RecordID(product.id), scope: .domain) == nil)
    }
}

/// A provider whose metadata writes always fail, over a working provider.
struct FailingMetadataProvider: StorageProvider {
    struct FailingStore: MetadataStore {
        let base: any MetadataStore
        var scope: StorageScope { base.scope }
        func record(_ id: RecordID, in collection: RecordCollection) async throws -> StoredRecord? {
            try await base.record(id, in: collection)
        }
        func query(_ query: RecordQuery, in collection: RecordCollection) async throws -> RecordPage<StoredRecord> {
            try await base.query(query, in: collection)
        }
        func apply(_ writes: [RecordWrite]) async throws {
            throw StorageError.backendFailure(operation: "apply", reason: "disk full")
        }
    }

    let base: InMemoryStorageProvider
    var userMetadata: any MetadataStore { FailingStore(base: base.userMetadata) }
    var domainMetadata: any MetadataStore { FailingStore(base: base.domainMetadata) }
    var userData: any DataStore { base.userData }
    var domainData: any DataStore { base.domainData }
    func commit(_ batch: StorageBatch) async throws {
        throw StorageError.backendFailure(operation: "commit", reason: "disk full")
    }
}
