import Foundation
import InventoryKit
import ProductModule
import Testing

@Suite("Barcode: canonical GTIN digits with a symbology")
struct BarcodeTests {
    @Test("normalizes the raw code and infers the symbology from its digit count", arguments: [
        ("036000291452", "0036000291452", BarcodeSymbology.upcA),
        ("0 36000 29145 2", "0036000291452", .upcA),
        ("4006381333931", "4006381333931", .ean13),
        (" 4006381333931\n", "4006381333931", .ean13),
        ("96385074", "96385074", .ean8),
        ("10036000291459", "10036000291459", .gtin14),
        ("09506000134352", "9506000134352", .gtin14),
        ("(01)09506000134352(17)261231", "9506000134352", .ean13),
        ("https://id.gs1.org/01/09506000134352", "9506000134352", .ean13),
    ])
    func normalizes(_ raw: String, _ value: String, _ symbology: BarcodeSymbology) throws {
        let barcode = try Barcode(raw)
        #expect(barcode.value == value)
        #expect(barcode.symbology == symbology)
        #expect(barcode.productID.rawValue == value)
    }

    @Test("a UPC-E code is read zero-suppressed and stored expanded")
    func upcE() throws {
        let barcode = try Barcode("04252614", symbology: .upcE, confidence: 0.9, source: "scanner")
        #expect(barcode.value == "0042100005264")
        #expect(barcode.symbology == .upcE)
        #expect(barcode.confidence == 0.9)
        #expect(barcode.source == "scanner")
        #expect(try Barcode("425261", symbology: .upcE).value == "0042100005264")
    }

    @Test("rejects codes that do not normalize, carrying the GTIN error", arguments: [
        ("", GTINError.empty),
        ("   ", .empty),
        ("123", .invalidLength(3)),
        ("9506000134357", .invalidCheckDigit(expected: 2, actual: 7)),
        ("95060001343a2", .invalidCharacter("a", offset: 11)),
    ])
    func rejectsInvalidCodes(_ raw: String, _ reason: GTINError) {
        #expect(throws: ProductValidationError.invalidBarcode(raw, reason: reason)) { try Barcode(raw) }
    }

    @Test("rejects a bad UPC-E code")
    func rejectsBadUPCE() {
        #expect(throws: ProductValidationError.invalidBarcode(
            "0036000291452", reason: .invalidUPCE(reason: "expected 6, 7 or 8 digits, found 13"))
        ) { try Barcode("0036000291452", symbology: .upcE) }
    }

    @Test("rejects a symbology the digits cannot have", arguments: [
        ("4006381333931", BarcodeSymbology.ean8),
        ("96385074", .ean13),
        ("4006381333931", .upcA),
        ("10036000291459", .ean13),
    ])
    func rejectsMismatchedSymbology(_ raw: String, _ symbology: BarcodeSymbology) throws {
        let canonical = try GTIN.normalize(raw)
        #expect(throws: ProductValidationError.barcodeSymbologyMismatch(canonical, symbology: symbology)) {
            try Barcode(raw, symbology: symbology)
        }
    }

    @Test("decoding validates again and keeps a stored UPC-E symbology", arguments: [
        (#"{"value":"0036000291452","symbology":"upcA"}"#, "0036000291452", BarcodeSymbology.upcA),
        (#"{"value":"0042100005264","symbology":"upcE"}"#, "0042100005264", .upcE),
        (#"{"value":"04252614","symbology":"upcE"}"#, "0042100005264", .upcE),
        (#"{"value":"036000291452"}"#, "0036000291452", .upcA),
        (#"{"value":"0123456789012","symbology":"ean13","confidence":0.5}"#, "0123456789012", .ean13),
    ])
    func decodes(_ json: String, _ value: String, _ symbology: BarcodeSymbology) throws {
        let barcode = try RecordCoding.decode(Barcode.self, from: Data(json.utf8))
        #expect(barcode.value == value)
        #expect(barcode.symbology == symbology)
        let again = try RecordCoding.decode(Barcode.self, from: try RecordCoding.encode(barcode))
        #expect(again == barcode)
    }

    @Test("decoding rejects invalid digits and impossible symbologies", arguments: [
        #"{"value":"9506000134357","symbology":"ean13"}"#,
        #"{"value":"","symbology":"ean13"}"#,
        #"{"value":"4006381333931","symbology":"ean8"}"#,
        #"{"value":"4006381333931","symbology":"upcE"}"#,
        #"{"value":"4006381333931","symbology":"code128"}"#,
    ])
    func rejectsInvalidPayloads(_ json: String) {
        #expect(throws: DecodingError.self) { try RecordCoding.decode(Barcode.self, from: Data(json.utf8)) }
    }
}
