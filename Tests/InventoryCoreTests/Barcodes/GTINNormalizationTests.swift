import InventoryKit
import Testing

@Suite("GTIN normalization of plain digits")
struct GTINNormalizationTests {
    @Test(
        "A valid code normalizes to its canonical digits",
        arguments: [
            ("9506000134352", "9506000134352"),  // EAN-13 kept
            ("4012345678901", "4012345678901"),  // EAN-13 kept
            ("036000291452", "0036000291452"),  // UPC-A gains a leading zero
            ("012345678905", "0012345678905"),  // UPC-A gains a leading zero
            ("95012346", "95012346"),  // EAN-8 kept
            ("96385074", "96385074"),  // EAN-8 kept
            ("09506000134352", "9506000134352"),  // GTIN-14 indicator 0 drops to 13 digits
            ("00012345678905", "0012345678905"),  // GTIN-14 of a UPC-A matches the UPC-A's canonical form
            ("19506000134359", "19506000134359"),  // GTIN-14 indicator 1 kept
            ("89506000134358", "89506000134358"),  // GTIN-14 indicator 8 kept
            ("99506000134355", "99506000134355"),  // GTIN-14 indicator 9 kept
        ]
    )
    func validCodeNormalizes(raw: String, canonical: String) throws {
        #expect(try GTIN.normalize(raw) == canonical)
        #expect(GTIN.isValid(raw))
    }

    @Test(
        "An EAN-8 in any zero-padded form, element string or Digital Link has the EAN-8's one canonical form",
        arguments: [
            ("96385074", "96385074"),
            ("000096385074", "96385074"),  // GTIN-12 form
            ("0000096385074", "96385074"),  // GTIN-13 form
            ("00000096385074", "96385074"),  // GTIN-14 form, as GS1 stores a GTIN-8
            ("(01)00000096385074", "96385074"),
            ("(01)00000096385074(17)261231", "96385074"),
            ("https://id.gs1.org/01/00000096385074", "96385074"),
            ("00000001234565", "01234565"),  // an EAN-8 that starts with 0 keeps it
            ("01234565", "01234565"),
            ("00000123456784", "0000123456784"),  // nine significant digits: not an EAN-8
        ]
    )
    func paddedEAN8HasOneCanonicalForm(raw: String, canonical: String) throws {
        #expect(try GTIN.normalize(raw) == canonical)
        #expect(try GTIN(raw).kind == (canonical.count == 8 ? .ean8 : .ean13))
    }

    @Test(
        "A wrong check digit is rejected with the expected and the found digit",
        arguments: [
            ("9506000134357", 2, 7),
            ("036000291450", 2, 0),
            ("95012345", 6, 5),
            ("09506000134353", 2, 3),
            ("19506000134350", 9, 0),
        ]
    )
    func wrongCheckDigitIsRejected(raw: String, expected: Int, actual: Int) {
        #expect(throws: GTINError.invalidCheckDigit(expected: expected, actual: actual)) {
            try GTIN.normalize(raw)
        }
        #expect(!GTIN.isValid(raw))
    }

    @Test(
        "Surrounding whitespace, inner spaces and dashes are ignored",
        arguments: [
            (" 9506000134352 ", "9506000134352"),
            ("\t9506000134352\n", "9506000134352"),
            ("9506000134352\r\n", "9506000134352"),
            ("\u{00A0}9506000134352\u{00A0}", "9506000134352"),
            ("950 6000 1343 52", "9506000134352"),
            ("950-6000-134352", "9506000134352"),
            (" 0-36000-29145-2 ", "0036000291452"),
            ("9501 - 2346", "95012346"),
            ("0 9506 0001 3435 2", "9506000134352"),
        ]
    )
    func separatorsAreIgnored(raw: String, canonical: String) throws {
        #expect(try GTIN.normalize(raw) == canonical)
    }

    @Test(
        "A digit count other than 8, 12, 13 or 14 is rejected with the count",
        arguments: [
            ("1", 1),
            ("9501234", 7),
            ("950123466", 9),
            ("95060001343", 11),
            ("195060001343590", 15),
            ("1 2 3-4", 4),
        ]
    )
    func wrongLengthIsRejected(raw: String, length: Int) {
        #expect(throws: GTINError.invalidLength(length)) {
            try GTIN.normalize(raw)
        }
    }

    @Test(
        "A letter or symbol is rejected, naming the character and its offset in the original input",
        arguments: [
            ("950A6000134352", Character("A"), 3),
            ("9506000134352x", Character("x"), 13),
            ("  95/06000134352", Character("/"), 4),
            ("950-6000.134352", Character("."), 8),
            ("+9506000134352", Character("+"), 0),
        ]
    )
    func letterIsRejectedWithOffset(raw: String, character: Character, offset: Int) {
        #expect(throws: GTINError.invalidCharacter(character, offset: offset)) {
            try GTIN.normalize(raw)
        }
    }

    @Test(
        "Empty and whitespace-only input is rejected as empty",
        arguments: ["", " ", "   \t\n", "\u{00A0}", "- - -", "\r\n"]
    )
    func blankInputIsEmpty(raw: String) {
        #expect(throws: GTINError.empty) {
            try GTIN.normalize(raw)
        }
    }

    @Test(
        "Unicode digits other than ASCII 0-9 are rejected",
        arguments: [
            ("٩٥٠٦٠٠٠١٣٤٣٥٢", Character("\u{0669}"), 0),  // Arabic-Indic
            ("950600013435\u{FF12}", Character("\u{FF12}"), 12),  // fullwidth 2
            ("95060001343\u{0665}2", Character("\u{0665}"), 11),
            ("950600013435\u{0032}\u{0301}", Character("\u{0032}\u{0301}"), 12),  // 2 with a combining accent
        ]
    )
    func unicodeDigitsAreRejected(raw: String, character: Character, offset: Int) {
        #expect(throws: GTINError.invalidCharacter(character, offset: offset)) {
            try GTIN.normalize(raw)
        }
    }

    @Test("A one-megabyte string fails fast as too long")
    func megabyteStringIsTooLong() {
        let huge = String(repeating: "9", count: 1_048_576)
        #expect(throws: GTINError.tooLong(1_048_576)) {
            try GTIN.normalize(huge)
        }
        #expect(!GTIN.isValid(huge))
    }

    @Test("Input at the length limit is still read, one byte more is too long")
    func inputAtLimitIsRead() throws {
        let code = "9506000134352"
        let padded = String(repeating: " ", count: GTIN.maximumInputLength - code.utf8.count) + code
        #expect(try GTIN.normalize(padded) == code)
        #expect(throws: GTINError.tooLong(GTIN.maximumInputLength + 1)) {
            try GTIN.normalize(" " + padded)
        }
    }

    @Test(
        "The check digit is the GS1 mod-10 digit of the body",
        arguments: [
            ("950600013435", 2),
            ("03600029145", 2),
            ("9501234", 6),
            ("1950600013435", 9),
            ("04210000526", 4),
            ("0", 0),
            ("1", 7),
        ] as [(String, Int)]
    )
    func checkDigitOfBody(body: String, checkDigit: Int) {
        #expect(GTIN.checkDigit(for: body) == checkDigit)
        #expect(GTIN.checkDigit(for: body[...]) == checkDigit)
    }

    @Test("The check digit of an empty or non-digit body is nil", arguments: ["", "12a4", " 123", "\u{0661}\u{0662}"])
    func checkDigitOfNonDigitsIsNil(body: String) {
        #expect(GTIN.checkDigit(for: body) == nil)
    }

    @Test("Every random code with its check digit normalizes, and every other final digit is rejected")
    func randomCodesAgreeWithCheckDigit() throws {
        var generator = SeededGenerator(seed: 7)
        for length in [8, 12, 13, 14] {
            for _ in 0..<100 {
                let body = String((1..<length).map { _ in Character(String(generator.next() % 10)) })
                let check = try #require(GTIN.checkDigit(for: body))
                let normalized = try GTIN.normalize(body + String(check))
                #expect(normalized.hasSuffix(body.dropFirst(length == 14 ? 1 : 0) + String(check)))
                for wrong in 0...9 where wrong != check {
                    #expect(throws: GTINError.invalidCheckDigit(expected: check, actual: wrong)) {
                        try GTIN.normalize(body + String(wrong))
                    }
                }
            }
        }
    }
}

/// A small seeded generator, so random tables are the same on every run.
private struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
