import Foundation
import InventoryKit
import Testing

@Suite("ProductIdentifier validates and normalizes values")
struct ProductIdentifierTests {
    @Test("barcodes are stored in canonical GTIN form, so spellings of one code are equal")
    func barcodeNormalization() throws {
        let upcA = try ProductIdentifier.gtin(" 0 12345 67890 5 ")
        let ean = try ProductIdentifier(.gtin, "0012345678905")
        #expect(upcA == ean)
        #expect(upcA.value == "0012345678905")
        #expect(upcA.description == "gtin:0012345678905")
    }

    @Test("other kinds are trimmed but otherwise kept as given", arguments: [
        (ProductIdentifierKind.sku, " SKU-1 ", "SKU-1"), (.serialNumber, "A2S-19940", "A2S-19940"),
        (.qrCode, "https://example.com/p/1", "https://example.com/p/1"), (.nfcTag, "04:A2:2B", "04:A2:2B"),
        (.libraryReference, "ISBN 978-0-13-110362-7", "ISBN 978-0-13-110362-7"), (.custom("asin"), "B000", "B000"),
    ])
    func otherKinds(_ kind: ProductIdentifierKind, _ raw: String, _ expected: String) throws {
        #expect(try ProductIdentifier(kind, raw).value == expected)
    }

    @Test("empty values, oversized values and bad barcodes are typed errors")
    func errors() {
        #expect(throws: ProductIdentifierError.emptyValue(kind: .sku)) { try ProductIdentifier(.sku, "  \n") }
        #expect(throws: ProductIdentifierError.tooLong(kind: .qrCode, length: 5000)) {
            try ProductIdentifier(.qrCode, String(repeating: "q", count: 5000))
        }
        do {
            _ = try ProductIdentifier.gtin("0012345678906")
            Issue.record("a wrong check digit was accepted")
        } catch {
            guard case .invalidBarcode(let raw, .invalidCheckDigit) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(raw == "0012345678906")
            #expect(error.description.hasPrefix("invalid barcode \"0012345678906\""))
        }
    }

    @Test("identifiers round-trip through JSON and invalid stored values are rejected on decoding")
    func coding() throws {
        let identifiers = [try ProductIdentifier.gtin("4006381333931"), try ProductIdentifier(.custom("asin"), "B0001")]
        let data = try JSONEncoder().encode(identifiers)
        #expect(try JSONDecoder().decode([ProductIdentifier].self, from: data) == identifiers)
        let bad = Data(#"[{"kind":"gtin","value":"4006381333932"}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ProductIdentifier].self, from: bad) }
        let empty = Data(#"[{"kind":"sku","value":" "}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ProductIdentifier].self, from: empty) }
    }

    @Test("kind names are stable, and the legacy name barcode reads as gtin")
    func kindNames() throws {
        for kind in [ProductIdentifierKind.gtin, .sku, .serialNumber, .qrCode, .nfcTag, .libraryReference, .custom("x")] {
            #expect(ProductIdentifierKind(name: kind.name) == kind)
        }
        #expect(ProductIdentifierKind(name: "barcode") == .gtin)
    }
}
