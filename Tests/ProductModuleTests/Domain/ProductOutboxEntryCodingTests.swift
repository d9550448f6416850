import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import Testing

/// A store splices the product's bytes into its outbox entry; the entry must still be `RecordCoding`'s bytes.
@Suite("Product outbox entry coding")
struct ProductOutboxEntryCodingTests {
    @Test("Entries with every optional set or not write RecordCoding's bytes with the product spliced in")
    func splicedEntriesMatchRecordCoding() throws {
        var random = SeededRandomNumberGenerator(seed: 23)
        var products = [try ProductFixtures.milk(), try ProductFixtures.fullyPopulated(), ProductFixtures.draft()]
        products += (0..<60).map { ProductFixtures.random($0, using: &random) }
        let replicas: [ReplicaID] = ["phone", "a \"quoted\" / replica", "Küche"]
        for (index, product) in products.enumerated() {
            func stamp() -> SyncStamp {
                SyncStamp(
                    updatedAt: Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &random)),
                    version: Int.random(in: 0...1_000_000, using: &random),
                    replicaID: replicas[Int.random(in: 0..<replicas.count, using: &random)])
            }
            let change = ProductChange(
                productID: product.productID, product: product, stamp: stamp(),
                baseStamp: Bool.random(using: &random) ? stamp() : nil,
                migratedTo: Bool.random(using: &random) ? products[(index + 1) % products.count].productID : nil)
            let entry = ProductOutboxEntry(
                operationID: ProductFixtures.uuid(using: &random), entityID: product.productID.rawValue,
                sequence: Int64.random(in: 1...Int64.max, using: &random), payload: change,
                enqueuedAt: Date(timeIntervalSinceReferenceDate: 800_000_000.123_456 + Double(index)),
                attempts: Int.random(in: 0...9, using: &random),
                nextAttemptAt: Bool.random(using: &random) ? Date(timeIntervalSinceReferenceDate: 800_000_100.5) : nil,
                lastError: Bool.random(using: &random) ? "timed out\n\"again\" \u{1}" : nil,
                isQuarantined: Bool.random(using: &random),
                supersededOperationIDs: (0..<Int.random(in: 0...3, using: &random)).map { _ in
                    ProductFixtures.uuid(using: &random)
                })
            let spliced = try entry.encoded(withProductPayload: RecordCoding.encode(product))
            #expect(spliced == (try RecordCoding.encode(entry)), "entry \(index)")
        }
    }

    @Test("A deletion has no product to splice")
    func deletionsAreNotSpliced() throws {
        let product = try ProductFixtures.milk()
        let change = ProductChange(
            productID: product.productID, product: nil,
            stamp: SyncStamp(updatedAt: ProductFixtures.epoch, version: 2, replicaID: "phone"), baseStamp: nil)
        let entry = ProductOutboxEntry(
            operationID: ProductFixtures.uuid, entityID: product.productID.rawValue, sequence: 1, payload: change,
            enqueuedAt: ProductFixtures.epoch)
        #expect(try entry.encoded(withProductPayload: RecordCoding.encode(product)) == nil)
    }
}
