import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import Testing

/// The JSON keys of everything the catalog stores or sends are part of its wire and file format: renaming a
/// Swift property must not rename its key. This pins every key of an encoded product, its sync record, tombstone,
/// outbox entry, push request and result, and remote record.
@Suite("Product wire keys")
struct ProductWireKeysTests {
    static let pinned: Set<String> = [
        "additionalIdentifiers", "addresses", "aliases", "allergens", "applied", "associatedPeople", "attempts",
        "attributes", "barcode", "baseStamp", "brand", "carbsG", "category", "certifications", "change",
        "completenessScore", "compliance", "confidence", "conflict", "count", "countryOfOrigin", "createdAt",
        "current", "cursor", "displayText", "energyKcal", "enqueuedAt", "entityID", "extractedAt",
        "extractionMetadata", "extractorVersion", "failed", "fatG", "fieldConfidence", "hasFrontImage", "hasMore",
        "height", "id", "images", "ingredients", "isQuarantined", "kind", "languageCodes", "lastError",
        "lastSyncedAt", "main", "manufacturer", "marketCountries", "metadata", "migratedTo", "name",
        "needsManualReview", "nextAttemptAt", "nextRetryAt", "nutritionPer100gOrMl", "openfoodfacts", "operationID",
        "origin", "outcome", "packaging", "path", "payload", "pendingOperationID", "product", "productDetails",
        "productId", "proteinG", "qualitySignals", "quantity", "rawSnippetsHash", "reason", "records", "references",
        "regulatoryTags", "rejected", "relatedAssetIDs", "relatedBarcodes", "replicaID", "restrictedFlags",
        "retryCount", "saturatedFatG", "searchKeywords", "sequence", "servingSize", "shortDescription", "size",
        "sku", "slug", "sodiumMg", "source", "stamp", "status", "storageInstructions", "sub", "sugarsG",
        "supersededOperationIDs", "symbology", "title", "type", "unit", "updatedAt", "url", "value", "version",
        "width"
    ]

    @Test("products and their sync records encode with the pinned keys")
    func keysArePinned() throws {
        let product = try ProductFixtures.fullyPopulated()
        let id = product.productID
        let stamp = SyncStamp(updatedAt: ProductFixtures.epoch, version: 2, replicaID: ReplicaID("a"))
        let change = ProductChange(productID: id, product: product, stamp: stamp, baseStamp: stamp, migratedTo: id)
        let remote = RemoteProductRecord(productID: id, product: product, stamp: stamp, migratedTo: id, sequence: 4)
        let operation = ProductFixtures.uuid
        let values: [any Encodable] = [
            product,
            ProductSyncRecord(
                productID: id, status: .failed(retryCount: 1, lastError: "x", nextRetryAt: ProductFixtures.epoch),
                stamp: stamp, baseStamp: stamp, lastSyncedAt: ProductFixtures.epoch, pendingOperationID: operation),
            ProductTombstone(productID: id, stamp: stamp, migratedTo: id),
            ProductOutboxEntry(
                operationID: operation, entityID: id.rawValue, sequence: 1, payload: change, enqueuedAt: ProductFixtures.epoch,
                attempts: 1, nextAttemptAt: ProductFixtures.epoch, lastError: "x", supersededOperationIDs: [operation]),
            ProductPushRequest(operationID: operation, supersededOperationIDs: [operation], change: change),
            ProductPushResult(operationID: operation, outcome: .conflict(current: remote)),
            ProductPushResult(operationID: operation, outcome: .rejected(reason: "x")),
            ProductPushResult(operationID: operation, outcome: .applied(sequence: 1)),
            ProductChangeBatch(records: [remote], cursor: 4, hasMore: false),
        ]
        var keys: Set<String> = []
        for value in values { keys.formUnion(try EncodedKeys.of(value)) }
        #expect(keys == Self.pinned, "added: \(keys.subtracting(Self.pinned).sorted()), lost: \(Self.pinned.subtracting(keys).sorted())")
    }
}
