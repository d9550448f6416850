import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductImport
import ProductModule
import ProductModuleTesting
import Testing

/// Products sync between a device that wrote provenance in the earlier form (an older kit, played by a device whose
/// product carries the bytes an older kit wrote) and a device on this kit: the newer device reads the older one's
/// provenance, and the attribute travels byte for byte both ways — what an older kit then reads of the stored form
/// is its own business (it finds no provenance it knows, as the CHANGELOG says).
@Suite("Provenance across devices of two formats")
struct ProvenanceSyncTests {
    static func device(_ remote: InMemoryProductRemote, _ name: String) -> ProductModuleService {
        ProductModuleService(
            storage: InMemoryStorageProvider(), remote: remote,
            strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue),
            replicaID: ReplicaID(name), clock: ManualClock(ImportFixtures.now).clock)
    }

    @Test("a product whose provenance an older device wrote is read by a newer one, and the newer one's form reaches the older device unchanged")
    func earlierAndStoredFormsSync() async throws {
        let remote = InMemoryProductRemote()
        let older = Self.device(remote, "older-device")
        let newer = Self.device(remote, "newer-device")
        var product = try ImportFixtures.normalizedOpenFoodFacts("3045320094008").product
        let provenance = try #require(product.provenance)
        let earlier = try ProvenanceStoredFormTests.EarlierForm(provenance).text()
        product.attributes[ProductProvenance.attributeKey] = earlier
        _ = try await older.addProducts([product])
        try await older.syncPending(trigger: .explicit)
        try await newer.syncPending(trigger: .explicit)

        let pulled = try #require(try await newer.retrieveProduct(by: .productID(product.productID)))
        #expect(pulled.attributes[ProductProvenance.attributeKey] == earlier, "the earlier form travels as it was written")
        #expect(pulled.provenance == provenance)

        // The newer device records provenance again (a person edits the title): written in the stored form.
        var edited = pulled
        edited.title = "Nutella 400 g"
        var recorded = provenance
        recorded.fields[.title] = FieldProvenance(
            provider: .user, recordedAt: ImportFixtures.now, valueHash: ProvenanceField.title.valueHash(in: edited))
        edited.provenance = recorded
        let stored = try #require(edited.attributes[ProductProvenance.attributeKey])
        #expect(stored.contains(#""sources":"#))
        _ = try await newer.updateProducts([edited])
        try await newer.syncPending(trigger: .explicit)
        try await older.syncPending(trigger: .explicit)
        let back = try #require(try await older.retrieveProduct(by: .productID(product.productID)))
        #expect(back.title == "Nutella 400 g")
        #expect(back.attributes[ProductProvenance.attributeKey] == stored, "the stored form reaches the older device byte for byte")
        #expect(back.provenance == recorded)
    }
}
