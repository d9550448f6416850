import InventoryKit
import Testing

@Suite("GTIN normalization of UPC-E codes")
struct GTINUPCETests {
    @Test(
        "An 8-digit UPC-E code expands to its UPC-A code, canonicalized to EAN-13",
        arguments: [
            ("04252614", "042100005264"),  // last data digit 1: ns d1 d2 d6 0000 d3 d4 d5
            ("06543208", "065000004328"),  // last data digit 0
            ("07890127", "078200009017"),  // last data digit 2
            ("01234531", "012300000451"),  // last data digit 3: ns d1 d2 d3 00000 d4 d5
            ("01234543", "012340000053"),  // last data digit 4: ns d1 d2 d3 d4 00000 d5
            ("01234565", "012345000065"),  // last data digit 6: ns d1 d2 d3 d4 d5 0000 d6
            ("11234579", "112345000079"),  // number system 1, last data digit 7
            ("12345670", "123456000070"),  // number system 1, last data digit 0
        ]
    )
    func eightDigitCodeExpands(upcE: String, upcA: String) throws {
        let normalized = try GTIN.normalize(upcE, format: .upcE)
        #expect(normalized == "0" + upcA)
        #expect(try GTIN.normalize(upcA) == normalized)
    }

    @Test(
        "A 7-digit UPC-E code without its check digit expands with a computed check digit",
        arguments: [("0425261", "0042100005264"), ("1123457", "0112345000079"), ("0123456", "0012345000065")]
    )
    func sevenDigitCodeExpands(upcE: String, canonical: String) throws {
        #expect(try GTIN.normalize(upcE, format: .upcE) == canonical)
    }

    @Test(
        "A 6-digit UPC-E code assumes number system 0 and computes the check digit",
        arguments: [("425261", "0042100005264"), ("123456", "0012345000065"), ("123453", "0012300000451")]
    )
    func sixDigitCodeExpands(upcE: String, canonical: String) throws {
        #expect(try GTIN.normalize(upcE, format: .upcE) == canonical)
    }

    @Test("UPC-E input may carry spaces and dashes")
    func separatorsAreIgnored() throws {
        #expect(try GTIN.normalize(" 0-425261-4 ", format: .upcE) == "0042100005264")
    }

    @Test(
        "A UPC-E check digit that does not match the expanded UPC-A is rejected",
        arguments: [("04252615", 4, 5), ("01234560", 5, 0), ("11234570", 9, 0)]
    )
    func wrongCheckDigitIsRejected(upcE: String, expected: Int, actual: Int) {
        #expect(throws: GTINError.invalidCheckDigit(expected: expected, actual: actual)) {
            try GTIN.normalize(upcE, format: .upcE)
        }
    }

    @Test(
        "A UPC-E number system other than 0 or 1 is rejected",
        arguments: [("24252614", 2), ("2425261", 2), ("94252614", 9)]
    )
    func numberSystemTwoIsRejected(upcE: String, numberSystem: Int) {
        #expect(throws: GTINError.invalidUPCE(reason: "number system must be 0 or 1, found \(numberSystem)")) {
            try GTIN.normalize(upcE, format: .upcE)
        }
    }

    @Test(
        "A UPC-E code of other than 6, 7 or 8 digits is rejected",
        arguments: [("12345", 5), ("042526145", 9), ("042100005264", 12)]
    )
    func wrongLengthIsRejected(upcE: String, length: Int) {
        #expect(throws: GTINError.invalidUPCE(reason: "expected 6, 7 or 8 digits, found \(length)")) {
            try GTIN.normalize(upcE, format: .upcE)
        }
    }

    @Test("A letter in a UPC-E code is rejected with its offset")
    func letterIsRejected() {
        #expect(throws: GTINError.invalidCharacter("E", offset: 3)) {
            try GTIN.normalize("042E2614", format: .upcE)
        }
    }

    @Test("Empty UPC-E input is rejected as empty")
    func emptyIsRejected() {
        #expect(throws: GTINError.empty) {
            try GTIN.normalize("  ", format: .upcE)
        }
    }

    @Test("Eight digits are read as EAN-8, not UPC-E, unless UPC-E is asked for")
    func automaticFormatReadsEAN8() {
        #expect(throws: GTINError.invalidCheckDigit(expected: 0, actual: 4)) {
            try GTIN.normalize("04252614")
        }
    }

    @Test("A GTIN made from UPC-E is an EAN-13")
    func upcEValueIsEAN13() throws {
        let gtin = try GTIN("04252614", format: .upcE)
        #expect(gtin.kind == .ean13)
        #expect(gtin.rawValue == "0042100005264")
    }
}
