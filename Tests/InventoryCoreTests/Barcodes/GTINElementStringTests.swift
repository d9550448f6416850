import InventoryKit
import Testing

@Suite("GTIN normalization of GS1 element strings and Digital Link URLs")
struct GTINElementStringTests {
    @Test(
        "The GTIN of AI (01) is normalized, and the AIs after it are ignored",
        arguments: [
            ("(01)09506000134352", "9506000134352"),
            ("(01)09506000134352(17)261231(10)LOT7", "9506000134352"),
            ("(01)19506000134359(10)A1", "19506000134359"),
            ("(01)00012345678905(21)SERIAL-0042", "0012345678905"),
            ("(01)09506000134352(11)250101(15)261231(3103)000250", "9506000134352"),
            ("(17)261231(01)09506000134352", "9506000134352"),  // AI (01) need not come first
            (" (01) 0950 6000 1343 52 (17) 261231 ", "9506000134352"),
            ("(01)09506000134352(8200)http://example.com", "9506000134352"),
        ]
    )
    func elementStringNormalizes(raw: String, canonical: String) throws {
        #expect(try GTIN.normalize(raw) == canonical)
    }

    @Test("An element string is read whatever the input format")
    func elementStringIgnoresFormat() throws {
        #expect(try GTIN.normalize("(01)09506000134352", format: .upcE) == "9506000134352")
    }

    @Test("An element string without AI (01) is rejected as missing the GTIN")
    func missingGTINElementIsRejected() {
        #expect(throws: GTINError.missingGTINElement(elementString: "(17)261231(10)LOT7")) {
            try GTIN.normalize("(17)261231(10)LOT7")
        }
        #expect(throws: GTINError.missingGTINElement(elementString: "(02)09506000134352")) {
            try GTIN.normalize("(02) 09506000134352")
        }
    }

    @Test(
        "A malformed element string is rejected with the reason",
        arguments: [
            ("(01", "unbalanced parentheses: \"(\" at offset 0 is not closed"),
            ("(0109506000134352", "unbalanced parentheses: \"(\" at offset 0 is not closed"),
            ("(01)09506000134352)", "unbalanced parentheses: \")\" at offset 18 has no \"(\""),
            ("(01)09506000134352(17", "unbalanced parentheses: \"(\" at offset 18 is not closed"),
            ("((01)09506000134352", "unbalanced parentheses: \"(\" at offset 0 is not closed"),
            ("(1)09506000134352", "application identifier \"(1)\" must have 2 to 4 digits"),
            ("(12345)09506000134352", "application identifier \"(12345)\" must have 2 to 4 digits"),
            ("()09506000134352", "application identifier \"()\" must have 2 to 4 digits"),
            ("(0A)09506000134352", "application identifier at offset 0 holds \"A\", not only digits"),
            ("(01)", "application identifier (01) has no value"),
            ("(01)09506000134352(10)", "application identifier (10) has no value"),
            ("(01)09506000134352(01)09506000134352", "application identifier (01) appears more than once"),
            ("(01)9506000134352", "application identifier (01) must carry exactly 14 digits, found 13"),
            ("(01)095060001343520", "application identifier (01) must carry exactly 14 digits, found 15"),
        ]
    )
    func malformedElementStringIsRejected(raw: String, reason: String) {
        #expect(throws: GTINError.malformedElementString(raw, reason: reason)) {
            try GTIN.normalize(raw)
        }
    }

    @Test("A wrong check digit in AI (01) is rejected")
    func wrongCheckDigitInElementStringIsRejected() {
        #expect(throws: GTINError.invalidCheckDigit(expected: 2, actual: 7)) {
            try GTIN.normalize("(01)09506000134357(17)261231")
        }
    }

    @Test("A letter in AI (01) is rejected with its offset in the original input")
    func letterInElementStringIsRejected() {
        #expect(throws: GTINError.invalidCharacter("O", offset: 7)) {
            try GTIN.normalize("(01) 09O06000134352")
        }
    }

    @Test(
        "The GTIN in the /01/ path segment of a GS1 Digital Link URL is normalized",
        arguments: [
            ("https://id.gs1.org/01/09506000134352/10/LOT7", "9506000134352"),
            ("https://id.gs1.org/01/09506000134352", "9506000134352"),
            ("HTTPS://ID.GS1.ORG/01/09506000134352", "9506000134352"),
            ("http://example.com/01/19506000134359?17=261231", "19506000134359"),
            ("https://shop.example.com/products/01/09506000134352/21/12345#top", "9506000134352"),
            ("https://my-brand.example/01/00012345678905", "0012345678905"),
            (" https://id.gs1.org/01/9506000134352 \n", "9506000134352"),
        ]
    )
    func digitalLinkNormalizes(raw: String, canonical: String) throws {
        #expect(try GTIN.normalize(raw) == canonical)
    }

    @Test("A Digital Link URL without a /01/ segment is rejected as missing the GTIN")
    func digitalLinkWithoutGTINIsRejected() {
        #expect(throws: GTINError.missingGTINElement(elementString: "https://id.gs1.org/414/9506000134352")) {
            try GTIN.normalize("https://id.gs1.org/414/9506000134352")
        }
        #expect(throws: GTINError.missingGTINElement(elementString: "https://id.gs1.org")) {
            try GTIN.normalize("https://id.gs1.org")
        }
        #expect(throws: GTINError.missingGTINElement(elementString: "https://id.gs1.org/?01=09506000134352")) {
            try GTIN.normalize("https://id.gs1.org/?01=09506000134352")
        }
    }

    @Test("A Digital Link URL whose /01/ segment has no GTIN after it is malformed")
    func digitalLinkWithEmptyGTINIsMalformed() {
        let reason = "the path segment /01/ is not followed by a GTIN"
        #expect(throws: GTINError.malformedElementString("https://id.gs1.org/01/", reason: reason)) {
            try GTIN.normalize("https://id.gs1.org/01/")
        }
        #expect(throws: GTINError.malformedElementString("https://id.gs1.org/01", reason: reason)) {
            try GTIN.normalize("https://id.gs1.org/01")
        }
    }

    @Test("A Digital Link URL with a wrong check digit is rejected")
    func digitalLinkWithWrongCheckDigitIsRejected() {
        #expect(throws: GTINError.invalidCheckDigit(expected: 2, actual: 7)) {
            try GTIN.normalize("https://id.gs1.org/01/09506000134357")
        }
    }
}
