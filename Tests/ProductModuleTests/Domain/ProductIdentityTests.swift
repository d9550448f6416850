import Foundation
import InventoryKit
import ProductModule
import Testing

@Suite("Product identity: the factory's rule and the invariant validate() checks")
struct ProductIdentityTests {
    @Test("a product made with a barcode has the normalized barcode as its id", arguments: [
        ("4006381333931", "4006381333931", BarcodeSymbology.ean13),
        (" 4006381333931 ", "4006381333931", .ean13),
        ("036000291452", "0036000291452", .upcA),
        ("0-36000-29145-2", "0036000291452", .upcA),
        ("96385074", "96385074", .ean8),
    ])
    func barcodeBecomesTheID(_ raw: String, _ id: String, _ symbology: BarcodeSymbology) throws {
        let product = try Product.new(barcode: raw, title: "Milk", id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        #expect(product.productID.rawValue == id)
        #expect(product.barcode?.value == id)
        #expect(product.barcode?.symbology == symbology)
        #expect(product.productID.isGenerated == false)
        #expect(product.version == 1)
        #expect(product.createdAt == ProductFixtures.epoch && product.updatedAt == ProductFixtures.epoch)
        try product.validate()
    }

    @Test("a UPC-A barcode gives an EAN-13 product id with a leading zero")
    func upcABecomesEAN13() throws {
        let product = try Product.new(barcode: "036000291452", id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        #expect(product.productID == ProductID.barcode(try GTIN("0036000291452")))
        #expect(product.productID.rawValue.count == 13)
    }

    @Test("a UPC-E barcode is expanded before it becomes the id")
    func upcEBecomesTheExpandedID() throws {
        let product = try Product.new(
            barcode: "04252614", symbology: .upcE, id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        #expect(product.productID.rawValue == "0042100005264")
        #expect(product.barcode?.symbology == .upcE)
    }

    @Test("a product made without a barcode gets a generated id from the injected UUID")
    func generatedID() throws {
        let product = try Product.new(barcode: nil, title: "Jam", id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        #expect(product.productID == .generated(ProductFixtures.uuid))
        #expect(product.productID.isGenerated)
        #expect(product.barcode == nil)
        try product.validate()
    }

    @Test("the factory rejects an empty or invalid barcode instead of generating an id", arguments: [
        ("", GTINError.empty),
        ("12345", .invalidLength(5)),
        ("4006381333932", .invalidCheckDigit(expected: 1, actual: 2)),
    ])
    func factoryRejectsBadBarcodes(_ raw: String, _ reason: GTINError) {
        #expect(throws: ProductValidationError.invalidBarcode(raw, reason: reason)) {
            try Product.new(barcode: raw, id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        }
    }

    @Test("the factory validates the other fields too")
    func factoryValidates() {
        let title = String(repeating: "x", count: 10_001)
        #expect(throws: ProductValidationError.invalidField(.title, reason: "longer than 10000 characters (10001)")) {
            try Product.new(barcode: nil, title: title, id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        }
    }

    @Test("a barcode that is not the product id breaks the identity invariant")
    func barcodeMismatch() throws {
        var product = try ProductFixtures.milk()
        product.barcode = try Barcode("4006381333931")
        #expect(throws: ProductValidationError.barcodeMismatch(productID: product.productID, barcode: "4006381333931")) {
            try product.validate()
        }
        var draft = ProductFixtures.draft()
        draft.barcode = try Barcode("4006381333931")
        #expect(throws: ProductValidationError.barcodeMismatch(productID: draft.productID, barcode: "4006381333931")) {
            try draft.validate()
        }
    }

    @Test("the seed's example product and a fully populated one are valid")
    func validProducts() throws {
        try ProductFixtures.milk().validate()
        try ProductFixtures.fullyPopulated().validate()
        try ProductFixtures.draft().validate()
    }
}
