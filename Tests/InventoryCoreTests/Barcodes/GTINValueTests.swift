import Foundation
import InventoryKit
import Testing

@Suite("GTIN value")
struct GTINValueTests {
    @Test(
        "A GTIN stores the canonical digits and knows its kind",
        arguments: [
            ("95012346", "95012346", GTIN.Kind.ean8),
            ("9506000134352", "9506000134352", .ean13),
            ("036000291452", "0036000291452", .ean13),  // UPC-A becomes EAN-13
            ("09506000134352", "9506000134352", .ean13),
            ("19506000134359", "19506000134359", .gtin14),
        ]
    )
    func valueIsCanonicalWithKind(raw: String, canonical: String, kind: GTIN.Kind) throws {
        let gtin = try GTIN(raw)
        #expect(gtin.rawValue == canonical)
        #expect(gtin.kind == kind)
        #expect(gtin.description == canonical)
    }

    @Test("Creating a GTIN from invalid input throws the normalization error")
    func invalidInputThrows() {
        #expect(throws: GTINError.invalidCheckDigit(expected: 2, actual: 7)) {
            try GTIN("9506000134357")
        }
    }

    @Test("The raw-value initializer accepts canonical digits only", arguments: ["95012346", "9506000134352"])
    func rawValueAcceptsCanonical(rawValue: String) {
        #expect(GTIN(rawValue: rawValue)?.rawValue == rawValue)
    }

    @Test(
        "The raw-value initializer rejects invalid or non-canonical strings",
        arguments: ["036000291452", "09506000134352", " 9506000134352", "950-6000134352", "9506000134357", "", "abc"]
    )
    func rawValueRejectsNonCanonical(rawValue: String) {
        #expect(GTIN(rawValue: rawValue) == nil)
    }

    @Test("Different spellings of one item make equal, equally hashed GTINs")
    func spellingsAreEqual() throws {
        let spellings = ["036000291452", "0036000291452", "00036000291452", " 0-36000-29145-2 ", "(01)00036000291452"]
        let values = try Set(spellings.map { try GTIN($0) })
        #expect(values.count == 1)
    }

    @Test("GTINs sort by their numeric value as 14-digit codes")
    func sortingIsNumeric() throws {
        let unsorted = try ["19506000134359", "9506000134352", "95012346", "0036000291452"].map { try GTIN($0) }
        #expect(unsorted.sorted().map(\.rawValue) == ["95012346", "0036000291452", "9506000134352", "19506000134359"])
    }

    @Test("An EAN-8 and its zero-padded 14-digit form are one GTIN: equal, and neither sorts before the other")
    func paddedEAN8IsTheSameGTIN() throws {
        let ean8 = try GTIN("95012346")
        let padded = try GTIN("00000095012346")
        #expect(padded.rawValue == "95012346" && padded.kind == .ean8)
        #expect(ean8 == padded)
        #expect(!(ean8 < padded) && !(padded < ean8))
        #expect(GTIN(rawValue: "0000095012346") == nil, "the padded spelling is not canonical")
    }

    @Test("A GTIN encodes as a plain JSON string and decodes back to an equal value")
    func codableRoundTrip() throws {
        let gtins = try [GTIN("036000291452"), GTIN("95012346"), GTIN("19506000134359")]
        let data = try JSONEncoder().encode(gtins)
        #expect(String(decoding: data, as: UTF8.self) == #"["0036000291452","95012346","19506000134359"]"#)
        #expect(try JSONDecoder().decode([GTIN].self, from: data) == gtins)
    }

    @Test("Decoding normalizes a valid non-canonical string")
    func decodingNormalizes() throws {
        let data = Data(#"{"gtin":"0 36000 29145 2"}"#.utf8)
        let decoded = try JSONDecoder().decode([String: GTIN].self, from: data)
        #expect(decoded["gtin"]?.rawValue == "0036000291452")
    }

    @Test("Decoding a bad GTIN throws a data-corrupted error that names the GTIN error")
    func decodingRejectsBadValue() throws {
        let data = Data(#"{"gtin":"9506000134357"}"#.utf8)
        let error = try #require(throws: DecodingError.self) {
            try JSONDecoder().decode([String: GTIN].self, from: data)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.underlyingError as? GTINError == .invalidCheckDigit(expected: 2, actual: 7))
        #expect(context.debugDescription.contains("GTINError.invalidCheckDigit"))
        #expect(context.debugDescription.contains("invalid GTIN check digit: expected 2, found 7"))
        #expect(context.codingPath.last?.stringValue == "gtin")
    }

    @Test("Decoding a non-string value throws a type-mismatch error")
    func decodingRejectsNumber() {
        let data = Data(#"[9506000134352]"#.utf8)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([GTIN].self, from: data)
        }
    }

    @Test(
        "Error descriptions read well in a message",
        arguments: [
            (GTINError.empty, "GTIN is empty"),
            (.tooLong(1_048_576), "GTIN input is too long: 1048576 bytes (at most 512)"),
            (.invalidCharacter("A", offset: 3), "invalid character \"A\" at offset 3 in GTIN"),
            (.invalidCharacter("\u{0663}", offset: 0), "invalid character \"\u{0663}\" (U+0663) at offset 0 in GTIN"),
            (.invalidCharacter("\u{0B}", offset: 2), "invalid character \"\\u{0B}\" (U+000B) at offset 2 in GTIN"),
            (.invalidLength(11), "invalid GTIN length: 11 digits (expected 8, 12, 13 or 14)"),
            (.invalidLength(1), "invalid GTIN length: 1 digit (expected 8, 12, 13 or 14)"),
            (.invalidCheckDigit(expected: 2, actual: 7), "invalid GTIN check digit: expected 2, found 7"),
            (
                .invalidUPCE(reason: "number system must be 0 or 1, found 2"),
                "invalid UPC-E code: number system must be 0 or 1, found 2"
            ),
            (.missingGTINElement(elementString: "(17)261231"), "GS1 element string \"(17)261231\" has no GTIN (AI 01)"),
            (
                .malformedElementString("(01", reason: "unbalanced parentheses"),
                "malformed GS1 element string \"(01\": unbalanced parentheses"
            ),
        ]
    )
    func errorDescriptionReadsWell(error: GTINError, description: String) {
        #expect(error.description == description)
        #expect(error.errorDescription == description)
        #expect(error.localizedDescription == description)
    }
}
