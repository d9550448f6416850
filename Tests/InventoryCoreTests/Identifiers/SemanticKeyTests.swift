import Foundation
import Testing

@testable import InventoryKit

@Suite("SemanticKey")
struct SemanticKeyTests {
    /// Raw spellings and the normalized key each must produce.
    static let normalizedForms: [(raw: String, key: String)] = [
        ("Apple Computer", "apple computer"),
        ("  Apple \t Computer\n", "apple computer"),
        ("apple computer", "apple computer"),
        ("", ""),
        ("   ", ""),
        ("\t\r\n\u{0B}\u{0C}", ""),
        ("\u{A0}\u{2003}\u{3000}\u{85}\u{2028}", ""),
        ("Oat\u{A0}Milk", "oat milk"),
        ("Oat\u{3000}\u{202F}Milk", "oat milk"),
        ("Oat\r\nMilk", "oat milk"),
        ("CAFE\u{301}", "caf\u{E9}"),
        ("Caf\u{E9}", "caf\u{E9}"),
        ("Straße", "strasse"),
        ("STRASSE", "strasse"),
        ("\u{1E9E}", "ss"),  // LATIN CAPITAL LETTER SHARP S
        ("ΣΑΣ", "σασ"),
        ("σας", "σασ"),
        ("\u{FB01}le", "file"),  // LATIN SMALL LIGATURE FI
        ("\u{212A}elvin", "kelvin"),  // KELVIN SIGN
        ("\u{212B}", "\u{E5}"),  // ANGSTROM SIGN: NFC gives Å, folding gives å
        ("\u{130}stanbul", "i\u{307}stanbul"),  // İ folds without Turkic rules
        ("\u{1F0}", "\u{1F0}"),  // ǰ: folding decomposes it, the final NFC recomposes it
        ("ÆRØ", "ærø"),
        ("Ǆemal", "ǆemal"),
        ("牛乳", "牛乳"),
        ("👍🏽 Great", "👍🏽 great"),
        ("a\u{200B}b", "a\u{200B}b"),  // ZERO WIDTH SPACE is not whitespace
        ("A-B_C.D", "a-b_c.d"),
        ("①", "①"),  // no compatibility mapping
    ]

    @Test("normalizes each spelling to its canonical key", arguments: normalizedForms.indices)
    func normalizedForm(index: Int) {
        let (raw, key) = Self.normalizedForms[index]
        #expect(
            SemanticKey.normalize(raw).unicodeScalars.elementsEqual(key.unicodeScalars),
            "normalize(\(raw.debugDescription)) == \(SemanticKey.normalize(raw).debugDescription)"
        )
    }

    /// Pairs that a person would call the same name.
    static let equivalentPairs: [(String, String)] = [
        ("Apple Computer", " apple   computer "),
        ("Apple Computer", "APPLE COMPUTER"),
        ("Apple Computer", "apple\tcomputer"),
        ("Apple Computer", "Apple\u{A0}Computer"),
        ("Straße", "STRASSE"),
        ("Straße", "strasse"),
        ("ΣΑΣ", "σας"),
        ("Crème Brûlée", "CRÈME BRÛLÉE"),
        ("cre\u{300}me", "crème"),  // decomposed and precomposed è
        ("\u{212B}ngström", "ÅNGSTRÖM"),
        ("Ǆ", "ǅ"),
        ("ﬁne", "FINE"),
    ]

    @Test("gives spellings that mean the same name one key", arguments: equivalentPairs)
    func equivalentSpellings(_ lhs: String, _ rhs: String) {
        #expect(SemanticKey(lhs) == SemanticKey(rhs))
        #expect(SemanticKey(lhs).hashValue == SemanticKey(rhs).hashValue)
    }

    /// Pairs that must stay different keys.
    static let distinctPairs: [(String, String)] = [
        ("café", "cafe"),  // diacritics are meaningful
        ("naïve", "naive"),
        ("Müller", "Mueller"),
        ("apple computer", "applecomputer"),  // inner whitespace collapses, it does not vanish
        ("apple-computer", "apple computer"),
        ("①", "1"),
        ("a\u{200B}b", "ab"),
        ("2L", "2 L"),
    ]

    @Test("keeps spellings that mean different names apart", arguments: distinctPairs)
    func distinctSpellings(_ lhs: String, _ rhs: String) {
        #expect(SemanticKey(lhs) != SemanticKey(rhs))
    }

    @Test("is idempotent on tricky and on random strings")
    func idempotence() {
        var samples = Self.normalizedForms.map(\.raw) + Self.equivalentPairs.flatMap { [$0.0, $0.1] }
        samples += ["\u{345}Α\u{345}", "ᾼ", "ᾳ\u{301}", "\u{390}", "Ϊ́", "ŉ", "ﬀ", "ǰ\u{323}", "ΐ\u{345}", "ẞẞ"]
        var generator = UUIDv5Tests.SeededGenerator(seed: 0x1DE4_7074)
        let alphabet: [Unicode.Scalar] = Array(
            "aAzZ ßẞσςΣİıiIǰǅǄﬁﬀŉΐᾳᾼΩΩKKÅÅé\u{301}\u{300}\u{308}\u{323}\u{345}\u{307}\u{30C}\t\n\u{A0}\u{3000}中😀"
                .unicodeScalars
        )
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                scalars.append(alphabet[Int.random(in: 0..<alphabet.count, using: &generator)])
            }
            samples.append(String(scalars))
        }
        for sample in samples {
            let once = SemanticKey.normalize(sample)
            let twice = SemanticKey.normalize(once)
            #expect(
                once.unicodeScalars.elementsEqual(twice.unicodeScalars),
                "normalize is not idempotent on \(sample.debugDescription): \(once.debugDescription) → \(twice.debugDescription)"
            )
        }
    }

    @Test("treats exactly the Unicode White_Space scalars as whitespace")
    func whitespaceScalars() {
        let documented: Set<UInt32> = Set(Array(0x09...0x0D) + [0x20, 0x85, 0xA0, 0x1680])
            .union(0x2000...0x200A).union([0x2028, 0x2029, 0x202F, 0x205F, 0x3000])
        var found: Set<UInt32> = []
        for value in UInt32(0)...0x10FFFF {
            if let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace {
                found.insert(value)
            }
        }
        #expect(found == documented)
        for value in documented {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(SemanticKey.normalize("a\(Character(scalar))b") == "a b", "U+\(String(value, radix: 16))")
        }
    }

    @Test("takes the ASCII fast path to the same result as the general path")
    func asciiFastPathAgrees() throws {
        for value in UInt8(0)...0x7F {
            let text = "x" + String(UnicodeScalar(value)) + "Y " + String(UnicodeScalar(value))
            let fast = try #require(SemanticKey.normalizeIfASCII(text))
            #expect(fast == SemanticKey.normalizeUnicode(text), "byte 0x\(String(value, radix: 16))")
        }
        var generator = UUIDv5Tests.SeededGenerator(seed: 0xA5C1_1000)
        let alphabet = Array("aBzZ09 -_.\t\n\r\u{0B}\u{0C}\u{1C}\u{1F}")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...24, using: &generator)
            let text = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            let fast = try #require(SemanticKey.normalizeIfASCII(text))
            #expect(fast == SemanticKey.normalizeUnicode(text), "\(text.debugDescription)")
        }
        #expect(SemanticKey.normalizeIfASCII("café") == nil)
    }

    @Test("builds keys through every initializer in normalized form")
    func initializersNormalize() {
        let literal: SemanticKey = "  Apple  COMPUTER "
        #expect(literal.rawValue == "apple computer")
        #expect(SemanticKey("  Apple  COMPUTER ") == literal)
        #expect(SemanticKey(rawValue: "  Apple  COMPUTER ") == literal)
        #expect(SemanticKey(rawValue: "  Apple  COMPUTER ").rawValue == "apple computer")
        #expect(literal.description == "apple computer")
    }

    @Test("reports empty keys")
    func emptiness() {
        #expect(SemanticKey("").isEmpty)
        #expect(SemanticKey(" \t\n\u{A0} ").isEmpty)
        #expect(!SemanticKey(" x ").isEmpty)
    }

    @Test(
        "rejects strings that are empty after normalization when validating",
        arguments: ["", "   ", "\t\n", "\u{A0}\u{3000}"]
    )
    func validatingRejectsEmpty(raw: String) {
        #expect(throws: SemanticKeyError.empty(raw: raw)) {
            try SemanticKey(validating: raw)
        }
    }

    @Test("accepts and normalizes non-empty strings when validating")
    func validatingAccepts() throws {
        #expect(try SemanticKey(validating: " Straße ") == SemanticKey("strasse"))
    }

    @Test("describes the empty-key error with the raw string quoted and escaped")
    func errorDescription() {
        #expect(SemanticKeyError.empty(raw: "   ").description == #"semantic key is empty after normalizing "   ""#)
        #expect(SemanticKeyError.empty(raw: "\t\n").description == #"semantic key is empty after normalizing "\t\n""#)
        #expect(String(describing: SemanticKeyError.empty(raw: "")) == #"semantic key is empty after normalizing """#)
    }

    @Test("encodes as the normalized string and canonicalizes when decoding")
    func codableCanonicalizes() throws {
        let decoded = try JSONDecoder().decode(
            [SemanticKey].self,
            from: Data(#"["  Apple\tCOMPUTER ", "STRASSE", "cafe\u0301"]"#.utf8)
        )
        #expect(decoded.map(\.rawValue) == ["apple computer", "strasse", "caf\u{E9}"])
        #expect(decoded[2].rawValue.unicodeScalars.count == 4)

        let encoded = try JSONEncoder().encode(SemanticKey("  Oat   MILK "))
        #expect(String(decoding: encoded, as: UTF8.self) == #""oat milk""#)
        #expect(try JSONDecoder().decode(SemanticKey.self, from: encoded) == SemanticKey("oat milk"))
    }

    @Test("orders keys by their normalized strings")
    func ordering() {
        let keys: [SemanticKey] = ["  banana", "Apple", "cherry ", "APRICOT"]
        #expect(keys.sorted().map(\.rawValue) == ["apple", "apricot", "banana", "cherry"])
        #expect(SemanticKey("B") > SemanticKey("a"))
    }
}
