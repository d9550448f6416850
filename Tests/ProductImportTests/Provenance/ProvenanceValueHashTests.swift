import Foundation
import InventoryKit
import ProductModule
import Testing

@testable import ProductImport

/// Value hashes are stored in every imported product's provenance and compared on every later import: they must
/// never change for a value, or every imported field would look edited by hand.
@Suite("Provenance value hashes")
struct ProvenanceValueHashTests {
    /// Every fixture's value hashes, one line per set field, in one text.
    private func fixtureHashes() throws -> String {
        var lines: [String] = []
        for code in ImportFixtures.openFoodFactsCodes {
            let product = try ImportFixtures.normalizedOpenFoodFacts(code).product
            for field in ProvenanceField.allKnown {
                lines.append("\(code) \(field.rawValue) \(field.valueHash(in: product) ?? "-")")
            }
        }
        return lines.joined(separator: "\n")
    }

    @Test("The value hashes of every Open Food Facts fixture are the ones earlier versions stored")
    func fixtureHashesAreStable() throws {
        // The digest of 18 fixtures × every known field, as the kit computed them when the canonical text was
        // first built as a string and hashed whole.
        #expect(ProvenanceField.fnv1a64(try fixtureHashes()) == "61c4bc27c48de03f")
    }

    @Test("A value hash is the FNV-1a of the field's canonical text, for every field of every fixture")
    func hashIsTheCanonicalTextsHash() throws {
        for code in ImportFixtures.openFoodFactsCodes {
            let product = try ImportFixtures.normalizedOpenFoodFacts(code).product
            for field in ProvenanceField.allKnown {
                let text = field.canonicalText(in: product)
                #expect(field.valueHash(in: product) == text.map(Self.fnv1a64), "\(code) \(field)")
                #expect(field.isSet(in: product) == (text != nil))
            }
        }
    }

    @Test("Known hashes of short texts: FNV-1a 64 of their UTF-8 bytes")
    func knownFNVValues() {
        #expect(ProvenanceField.fnv1a64("") == "cbf29ce484222325")
        #expect(ProvenanceField.fnv1a64("a") == "af63dc4c8601ec8c")
        #expect(ProvenanceField.fnv1a64("foobar") == "85944171f73967e8")
        #expect(ProvenanceField.fnv1a64("Crème 🍮") == Self.fnv1a64("Crème 🍮"))
    }

    /// FNV-1a 64 written out in the test, independent of the kit's hasher.
    private static func fnv1a64(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
