import Foundation
import InventoryKit
import ProductModule
import Testing

@Suite("ProductID: validated identity text")
struct ProductIDTests {
    @Test("accepts barcodes, generated ids and other printable text", arguments: [
        "0036000291452", "prd_6f1c0e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b", "SKU-42", "café", "../etc/passwd",
        String(repeating: "a", count: 256),
    ])
    func acceptsValidIDs(_ raw: String) throws {
        let id = try ProductID(raw)
        #expect(id.rawValue == raw)
        #expect(ProductID(rawValue: raw) == id)
        #expect(id.recordID == RecordID(rawValue: raw))
        #expect(id.description == raw)
    }

    @Test("rejects empty text as emptyProductID")
    func rejectsEmpty() {
        #expect(throws: ProductValidationError.emptyProductID) { try ProductID("") }
        #expect(ProductID(rawValue: "") == nil)
    }

    @Test("rejects whitespace, control characters and overlong text, naming the reason", arguments: [
        ("milk 1", "the id contains whitespace"),
        (" milk", "the id contains whitespace"),
        ("milk\t1", "the id contains whitespace"),
        ("milk\n", "the id contains whitespace"),
        ("milk\u{00A0}1", "the id contains whitespace"),
        ("milk\u{3000}1", "the id contains whitespace"),
        ("milk\u{0}1", "the id contains a control character"),
        ("milk\u{7F}", "the id contains a control character"),
        (String(repeating: "a", count: 257), "the id is 257 bytes long (at most 256)"),
        (String(repeating: "é", count: 129), "the id is 258 bytes long (at most 256)"),
    ])
    func rejectsInvalidText(_ raw: String, _ reason: String) {
        #expect(throws: ProductValidationError.invalidProductID(String(raw.prefix(80)), reason: reason)) {
            try ProductID(raw)
        }
        #expect(ProductID(rawValue: raw) == nil)
    }

    @Test("generated ids are prd_ followed by the lowercase UUID and report isGenerated")
    func generatedIDs() throws {
        let uuid = ProductFixtures.uuid
        let id = ProductID.generated(uuid)
        #expect(id.rawValue == "prd_6f1c0e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b")
        #expect(id.isGenerated)
        #expect(id == (try ProductID(id.rawValue)))
        #expect(ProductID.generated(uuid) == id)
        #expect(ProductID.generated(UUID()) != id)
    }

    @Test("only prd_ plus a lowercase UUID counts as generated", arguments: [
        "prd_6F1C0E2A-3B4D-4E5F-8A9B-0C1D2E3F4A5B", "prd_milk", "prd_", "0036000291452",
        "PRD_6f1c0e2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
    ])
    func notGenerated(_ raw: String) throws {
        #expect(try ProductID(raw).isGenerated == false)
    }

    @Test("a barcode id is the GTIN's canonical digits")
    func barcodeIDs() throws {
        let id = ProductID.barcode(try GTIN("0 36000 29145 2"))
        #expect(id.rawValue == "0036000291452")
        #expect(id.isGenerated == false)
    }

    @Test("ids order by UTF-8 bytes, exactly like RecordIDs")
    func ordering() throws {
        let raws = ["b", "a", "B", "é", "e\u{301}", "z", "0036000291452", "prd_1", "Z", "aa"]
        let byProductID = try raws.map { raw throws in try ProductID(raw) }.sorted().map(\.rawValue)
        let byRecordID = raws.compactMap { RecordID(rawValue: $0) }.sorted().map(\.rawValue)
        #expect(byProductID == byRecordID)
        #expect(byProductID.first == "0036000291452")
        #expect(try ProductID("e\u{301}") < ProductID("é"))
    }

    @Test("decoding validates and encoding writes the plain string")
    func coding() throws {
        let id = try ProductID("0036000291452")
        #expect(String(decoding: try RecordCoding.encode(id), as: UTF8.self) == "\"0036000291452\"")
        #expect(try RecordCoding.decode(ProductID.self, from: Data("\"0036000291452\"".utf8)) == id)
        #expect(throws: DecodingError.self) { try RecordCoding.decode(ProductID.self, from: Data("\"a b\"".utf8)) }
        #expect(throws: DecodingError.self) { try RecordCoding.decode(ProductID.self, from: Data("\"\"".utf8)) }
    }
}
