import Foundation
import InventoryKit
import ProductModule
import Testing

@Suite("Product.validateTransition(from:): what an update may not change")
struct ProductTransitionTests {
    @Test("a later update of the same product passes, also at the same instant")
    func validUpdate() throws {
        let previous = try ProductFixtures.milk()
        var next = previous
        next.title = "Organic Whole Milk"
        next.version += 1
        try next.validateTransition(from: previous)
        next.updatedAt = previous.updatedAt.addingTimeInterval(60)
        try next.validateTransition(from: previous)
    }

    @Test("the product id is immutable")
    func immutableID() throws {
        let previous = try ProductFixtures.milk()
        let other = Product(productID: try ProductID("4006381333931"), createdAt: previous.createdAt, updatedAt: previous.updatedAt)
        #expect(throws: ProductValidationError.immutableProductID(previous.productID, attempted: other.productID)) {
            try other.validateTransition(from: previous)
        }
    }

    @Test("updatedAt never moves back")
    func monotonicUpdatedAt() throws {
        let previous = try ProductFixtures.milk()
        var next = previous
        next.updatedAt = previous.updatedAt.addingTimeInterval(-0.001)
        #expect(
            throws: ProductValidationError.nonMonotonicUpdatedAt(
                productID: previous.productID, previous: previous.updatedAt, proposed: next.updatedAt)
        ) { try next.validateTransition(from: previous) }
    }

    @Test("createdAt never changes")
    func createdAtFixed() throws {
        let previous = try ProductFixtures.milk()
        var next = previous
        next.createdAt = previous.createdAt.addingTimeInterval(-1)
        #expect(throws: ProductValidationError.createdAtChanged(previous.productID)) {
            try next.validateTransition(from: previous)
        }
    }
}

@Suite("Product.withBarcodeMigration(_:now:): a barcode-less product moves to its barcode id")
struct ProductBarcodeMigrationTests {
    static let later = ProductFixtures.epoch.addingTimeInterval(3600)

    @Test("the migrated product has the barcode id, one more version and the new time; the alias links the ids")
    func migrates() throws {
        var draft = ProductFixtures.draft()
        draft.version = 3
        let (product, alias) = try draft.withBarcodeMigration("0 12345 67890 5", now: Self.later)
        #expect(product.productID.rawValue == "0012345678905")
        #expect(product.barcode?.value == "0012345678905")
        #expect(product.barcode?.symbology == .upcA)
        #expect(product.version == 4)
        #expect(product.updatedAt == Self.later)
        #expect(product.createdAt == draft.createdAt)
        #expect(alias == ProductAlias(from: draft.productID, to: product.productID, createdAt: Self.later))
        try product.validate()
    }

    @Test("updatedAt never moves back when the clock is behind the product")
    func keepsLaterUpdatedAt() throws {
        var draft = ProductFixtures.draft()
        draft.updatedAt = Self.later
        let (product, alias) = try draft.withBarcodeMigration("4006381333931", now: ProductFixtures.epoch)
        #expect(product.updatedAt == Self.later)
        #expect(alias.createdAt == Self.later)
    }

    @Test("every other field is carried over, and the barcode leaves the related barcodes")
    func keepsFields() throws {
        var draft = try ProductFixtures.fullyPopulated().replacingIDForTest(.generated(ProductFixtures.uuid))
        draft.barcode = nil
        draft.relatedBarcodes = ["4006381333931", "96385074"]
        let (product, _) = try draft.withBarcodeMigration("4006381333931", now: Self.later)
        #expect(product.relatedBarcodes == ["96385074"])
        let before = try Self.fields(of: draft)
        let after = try Self.fields(of: product)
        let changed: Set<String> = ["productId", "barcode", "version", "updatedAt", "relatedBarcodes"]
        #expect(Set(before.keys).subtracting(changed) == Set(after.keys).subtracting(changed))
        for key in before.keys where !changed.contains(key) {
            #expect(before[key] == after[key], "field \(key) changed")
        }
    }

    @Test("a product that already has a barcode is not migrated")
    func refusesWhenBarcodePresent() throws {
        let milk = try ProductFixtures.milk()
        #expect(throws: ProductValidationError.barcodeAlreadyPresent(milk.productID)) {
            try milk.withBarcodeMigration("4006381333931", now: Self.later)
        }
    }

    @Test("an invalid barcode is rejected before anything changes")
    func rejectsInvalidBarcode() {
        #expect(throws: ProductValidationError.invalidBarcode("123", reason: .invalidLength(3))) {
            try ProductFixtures.draft().withBarcodeMigration("123", now: Self.later)
        }
    }

    /// The product's top-level JSON values, each re-encoded on its own for comparison.
    static func fields(of product: Product) throws -> [String: Data] {
        let object = try JSONSerialization.jsonObject(with: RecordCoding.encode(product)) as? [String: Any] ?? [:]
        var fields: [String: Data] = [:]
        for (key, value) in object {
            fields[key] = try JSONSerialization.data(withJSONObject: [value], options: [.sortedKeys])
        }
        return fields
    }
}

extension Product {
    /// A copy under another id, through coding, so the test does not rely on the code under test.
    func replacingIDForTest(_ id: ProductID) throws -> Product {
        var object = try JSONSerialization.jsonObject(with: RecordCoding.encode(self)) as? [String: Any] ?? [:]
        object["productId"] = id.rawValue
        return try RecordCoding.decode(Product.self, from: JSONSerialization.data(withJSONObject: object))
    }
}
