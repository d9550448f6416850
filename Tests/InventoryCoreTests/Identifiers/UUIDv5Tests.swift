import Foundation
import InventoryKit
import Testing

@Suite("UUIDv5 (RFC 9562 §5.5)")
struct UUIDv5Tests {
    /// A small deterministic generator (SplitMix64), so "random" inputs are the same on every run.
    struct SeededGenerator: RandomNumberGenerator {
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

    /// Parses a UUID literal in a test, recording an issue (not crashing) if it is malformed.
    static func uuid(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> UUID {
        try #require(UUID(uuidString: text), "malformed UUID literal \(text)", sourceLocation: sourceLocation)
    }

    @Test("matches the RFC 9562 example for www.example.com in the DNS namespace")
    func rfcDNSExample() throws {
        let id = InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.dns.rawValue, name: "www.example.com")
        #expect(id == (try Self.uuid("2ed6657d-e927-568b-95e1-2665a8aea6a2")))
    }

    @Test("matches the well-known id of www.example.com in the URL namespace")
    func urlNamespaceExample() throws {
        let id = InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.url.rawValue, name: "www.example.com")
        #expect(id == (try Self.uuid("b63cdfa4-3df9-568e-97ae-006c5b8fd652")))
    }

    @Test("gives the existing public kit's id for a manufacturer")
    func compatibleManufacturerID() throws {
        let id = InventoryIDGenerator.generate(for: .manufacturer, name: "Apple Computer")
        #expect(id == (try Self.uuid("f21e6e0c-de96-52f9-86e3-7c122cff3a48")))
        #expect(id.uuidString.lowercased() == "f21e6e0c-de96-52f9-86e3-7c122cff3a48")
    }

    @Test("sets version 5 and the RFC 9562 variant on every id")
    func versionAndVariantBits() {
        var generator = SeededGenerator(seed: 0x5EED_0005)
        let alphabet = Array("abcXYZ 019-_.éüßø中文😀\u{301}\t")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...90, using: &generator)
            let name = String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
            let randomBytes = (generator.next(), generator.next())
            let namespace = UUID(uuid: withUnsafeBytes(of: randomBytes) { $0.load(as: uuid_t.self) })
            let id = InventoryIDGenerator.uuidV5(namespace: namespace, name: name).uuid
            #expect(id.6 >> 4 == 5, "version nibble of \(name.debugDescription)")
            #expect(id.8 >> 6 == 0b10, "variant bits of \(name.debugDescription)")
        }
    }

    @Test("is deterministic and separates namespaces")
    func deterministicPerNamespace() {
        let first = InventoryIDGenerator.generate(for: .product, name: "Oat milk")
        #expect(InventoryIDGenerator.generate(for: .product, name: "Oat milk") == first)
        #expect(InventoryIDGenerator.generate(for: .manufacturer, name: "Oat milk") != first)
        #expect(InventoryIDGenerator.generate(for: .product, name: "Oat milk ") != first)
    }

    @Test("hashes the empty name to the namespace's own id")
    func emptyName() throws {
        #expect(
            InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.dns.rawValue, name: "")
                == (try Self.uuid("4ebd0208-8328-5d69-8c44-ec50939c0967"))
        )
        #expect(
            InventoryIDGenerator.generate(for: .manufacturer, name: "")
                == (try Self.uuid("9ab0f840-67ab-56b5-abc0-356eb09c9615"))
        )
    }

    @Test("hashes 100 KB names like Python's uuid.uuid5")
    func veryLongNames() throws {
        let ascii = String(repeating: "inventory ", count: 10_240)
        #expect(ascii.utf8.count == 102_400)
        #expect(
            InventoryIDGenerator.generate(for: .product, name: ascii)
                == (try Self.uuid("f788573e-d6b6-5d1b-9b45-694565812213"))
        )
        let unicode = String(repeating: "é中😀", count: 102_400 / 9)
        #expect(
            InventoryIDGenerator.generate(for: .product, name: unicode)
                == (try Self.uuid("57ad3d40-2d1e-5aaa-90af-823815240440"))
        )
    }

    @Test("does not normalize names: canonically equivalent spellings get different ids")
    func noUnicodeNormalization() throws {
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed, "Swift strings compare canonically equivalent spellings as equal")
        let precomposedID = InventoryIDGenerator.generate(for: .product, name: precomposed)
        let decomposedID = InventoryIDGenerator.generate(for: .product, name: decomposed)
        #expect(precomposedID == (try Self.uuid("864ba910-7d70-5400-868b-91c611089fff")))
        #expect(decomposedID == (try Self.uuid("ee151efa-4574-50dd-baf3-67a5b11d3f19")))

        // U+212B ANGSTROM SIGN, U+00C5 and "A" + U+030A are canonically equivalent, and all hash differently.
        let angstrom = InventoryIDGenerator.generate(for: .product, name: "\u{212B}")
        let ringA = InventoryIDGenerator.generate(for: .product, name: "\u{C5}")
        let combiningRing = InventoryIDGenerator.generate(for: .product, name: "A\u{30A}")
        #expect(angstrom == (try Self.uuid("65f1be2d-5050-59e0-801d-3a07cfb359ee")))
        #expect(ringA == (try Self.uuid("89aeb7ee-4f16-5047-acf7-8e3cc8f19bf0")))
        #expect(combiningRing == (try Self.uuid("cd3a156c-f81c-5a84-a049-962fee8410a7")))
    }

    @Test("does not trim or fold raw names")
    func rawNamesAreNotSemantic() throws {
        #expect(
            InventoryIDGenerator.generate(for: .manufacturer, name: "apple computer")
                == (try Self.uuid("d60d459f-5009-5056-9ef7-1d668a4c5542"))
        )
        #expect(
            InventoryIDGenerator.generate(for: .manufacturer, name: "Apple Computer")
                != InventoryIDGenerator.generate(for: .manufacturer, name: "apple computer")
        )
    }

    @Test("hashes binary names like Python's uuid5 formula over the raw bytes")
    func binaryNames() throws {
        let bytes: [UInt8] = [0x2B, 0x06, 0x01, 0x04, 0x01, 0xFF, 0x00, 0x80]
        let expected = try Self.uuid("7b6b6b21-a5e2-5f81-980c-3df7b251c6b7")
        let oid = InventoryNamespace.oid.rawValue
        #expect(InventoryIDGenerator.uuidV5(namespace: oid, bytes: bytes) == expected)
        #expect(InventoryIDGenerator.uuidV5(namespace: oid, bytes: Data(bytes)) == expected)
        #expect(InventoryIDGenerator.uuidV5(namespace: oid, bytes: bytes.lazy.map { $0 }) == expected)
    }

    @Test("gives a text name and its UTF-8 bytes the same id")
    func textAndBytesAgree() {
        let names = ["", "www.example.com", "Crème brûlée", "牛乳 🥛", String(repeating: "xyz", count: 100)]
        for name in names {
            #expect(
                InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.url.rawValue, bytes: Array(name.utf8))
                    == InventoryIDGenerator.uuidV5(namespace: InventoryNamespace.url.rawValue, name: name)
            )
        }
    }

    @Test("hashes a bridged or non-native string like the same native string")
    func bridgedStrings() {
        let native = "Café 中文 😀 inventory"
        let bridged = NSString(string: native) as String
        let substringBacked = String(("xx" + native).dropFirst(2))
        let expected = InventoryIDGenerator.generate(for: .product, name: native)
        #expect(InventoryIDGenerator.generate(for: .product, name: bridged) == expected)
        #expect(InventoryIDGenerator.generate(for: .product, name: substringBacked) == expected)
    }

    @Test(
        "gives every spelling with the same semantic key one semantic id",
        arguments: [
            "Apple Computer", " apple   computer ", "APPLE COMPUTER", "apple\tcomputer\n", "Apple\u{A0}Computer",
        ]
    )
    func semanticNames(spelling: String) {
        let id = InventoryIDGenerator.generate(for: .manufacturer, semanticName: spelling)
        #expect(id == InventoryIDGenerator.generate(for: .manufacturer, name: "apple computer"))
        #expect(id == InventoryIDGenerator.generate(for: .manufacturer, key: SemanticKey(spelling)))
    }

    @Test("gives semantic ids that equal raw ids of the normalized name")
    func semanticIDIsRawIDOfKey() {
        for name in ["Straße", "  Crème\u{A0}BRÛLÉE ", "cafe\u{301}", "", "ΣΑΣ"] {
            let key = SemanticKey(name)
            #expect(
                InventoryIDGenerator.generate(for: .category, semanticName: name)
                    == InventoryIDGenerator.generate(for: .category, name: key.rawValue)
            )
            #expect(
                InventoryIDGenerator.generate(for: .category, key: key)
                    == InventoryIDGenerator.generate(for: .category, semanticName: name)
            )
        }
    }
}
