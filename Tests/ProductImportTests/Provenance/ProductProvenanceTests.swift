import Foundation
import InventoryKit
import InventoryKitTesting
import ProductImport
import ProductModule
import Testing

/// Provenance lives in the product's attributes and round-trips wherever the product goes.
@Suite("Product provenance")
struct ProductProvenanceTests {
    func sampleProvenance() -> ProductProvenance {
        ProductProvenance(
            primaryProvider: .openFoodFacts, contributors: [.csvFeed],
            fields: [
                .title: FieldProvenance(
                    provider: .openFoodFacts, recordedAt: ImportFixtures.now.addingTimeInterval(0.123_456_789),
                    revision: "121", revisedAt: Date(timeIntervalSince1970: 1_742_669_182), valueHash: "00ff00ff00ff00ff"),
                .sku: FieldProvenance(provider: .csvFeed, recordedAt: ImportFixtures.now, confidence: 0.75),
                "aFieldFromANewerKit": FieldProvenance(provider: "future", recordedAt: ImportFixtures.now),
            ],
            synthetic: true)
    }

    @Test("provenance round-trips through the attribute, exactly")
    func attributeRoundTrip() throws {
        var product = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: ImportFixtures.now)
        let provenance = sampleProvenance()
        product.provenance = provenance
        #expect(product.attributes[ProductProvenance.attributeKey] != nil)
        #expect(try product.readProvenance() == provenance)
        #expect(provenance.contributors == [.openFoodFacts, .csvFeed])
        product.provenance = nil
        #expect(product.attributes[ProductProvenance.attributeKey] == nil)
    }

    @Test("provenance round-trips through the product's JSON and through a catalog's storage")
    func storageRoundTrip() async throws {
        let imported = try ImportFixtures.normalizedOpenFoodFacts("3029330003533")
        let decoded = try RecordCoding.decode(Product.self, from: try RecordCoding.encode(imported.product))
        #expect(decoded.provenance == imported.product.provenance)
        let catalog = ImportFixtures.catalog()
        try await catalog.addProducts([imported.product])
        let stored = try #require(try await catalog.retrieveProduct(by: .barcode("3029330003533")))
        #expect(stored.provenance == imported.product.provenance)
        #expect(stored.provenance?.fields[.nutrition]?.revision == "121")
    }

    @Test("an unreadable provenance attribute reads as none and throws when read strictly")
    func corruptAttribute() throws {
        var product = try Product.new(barcode: "4006381333931", title: "Milk", id: UUID(), now: ImportFixtures.now)
        product.attributes[ProductProvenance.attributeKey] = "{broken"
        #expect(product.provenance == nil)
        #expect(throws: (any Error).self) { try product.readProvenance() }
    }

    @Test("a manual product without provenance belongs to the user; any other to an unknown provider")
    func baseline() throws {
        let manual = try Product.new(barcode: "4006381333931", title: "Milk", brand: "Acme", id: UUID(), now: ImportFixtures.now)
        let baseline = manual.effectiveProvenance
        #expect(baseline.primaryProvider == .user)
        #expect(Set(baseline.fields.keys) == [.title, .brand])
        #expect(baseline.owner(of: .title, in: manual) == .user)
        #expect(baseline.owner(of: .category, in: manual) == nil)
        var fed = manual
        fed.source = .importedFeed
        #expect(fed.effectiveProvenance.owner(of: .title, in: fed) == .unknown)
    }

    @Test("a value changed or cleared after a provider set it counts as the user's")
    func editsAfterImportAreTheUsers() throws {
        var product = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        let provenance = try #require(product.provenance)
        #expect(provenance.owner(of: .title, in: product) == .openFoodFacts)
        product.title = "Our bread"
        #expect(provenance.owner(of: .title, in: product) == .user)
        product.brand = nil
        #expect(provenance.owner(of: .brand, in: product) == .user)
        #expect(provenance.owner(of: .images, in: product) == .openFoodFacts)
    }

    @Test("provenance stays well below the catalog's text limit for a full record")
    func provenanceIsCompact() throws {
        let product = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        let text = try #require(product.attributes[ProductProvenance.attributeKey])
        #expect(text.count < Product.maximumTextLength / 2)
    }

    @Test("provider ids are trimmed and bounded, and the user always ranks first")
    func providerIDsAndPriority() {
        #expect(ProviderID("  acme  ").rawValue == "acme")
        #expect(ProviderID("").rawValue == "unknown")
        #expect(ProviderID(String(repeating: "x", count: 200)).rawValue.count == ProviderID.maximumLength)
        let priority = ProviderPriority(order: [.csvFeed, .openFoodFacts], fieldOrders: [.nutrition: [.openFoodFacts]])
        #expect(priority.allows(.csvFeed, toReplace: .openFoodFacts, in: .title))
        #expect(!priority.allows(.openFoodFacts, toReplace: .csvFeed, in: .title))
        #expect(priority.allows(.openFoodFacts, toReplace: .csvFeed, in: .nutrition))
        #expect(!priority.allows(.csvFeed, toReplace: .openFoodFacts, in: .nutrition))
        #expect(priority.allows("anything", toReplace: "other-unlisted", in: .title))
        #expect(!priority.allows(.csvFeed, toReplace: .user, in: .title))
        #expect(priority.allows(.user, toReplace: .csvFeed, in: .title))
    }
}

/// The provenance attribute is written by hand; it must stay the bytes `RecordCoding` writes.
@Suite("Provenance attribute coding")
struct ProvenanceAttributeCodingTests {
    @Test("Generated provenance writes the same attribute text as RecordCoding and reads back equal")
    func attributeTextMatchesRecordCoding() throws {
        var random = SeededRandomNumberGenerator(seed: 31)
        let texts = ["openfoodfacts", "csv", "user", "", "a/b", "quote\"back\\slash", "tab\tnew\nline\u{1}", "Crème 🍮",
                     "\u{7F}", "ZZ", "aa"]
        func text() -> String { texts[Int.random(in: 0..<texts.count, using: &random)] }
        func date() -> Date {
            Date(timeIntervalSinceReferenceDate: [0, 1, -1.5, 786_123_456.123_456_7, 1e10, Double.random(in: -1e9...1e9, using: &random)]
                .randomElement(using: &random) ?? 0)
        }
        for _ in 0..<500 {
            var fields: [ProvenanceField: FieldProvenance] = [:]
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                let key: ProvenanceField = Bool.random(using: &random)
                    ? ProvenanceField.allKnown.randomElement(using: &random) ?? .title : ProvenanceField(rawValue: text())
                fields[key] = FieldProvenance(
                    provider: ProviderID(rawValue: text()), recordedAt: date(),
                    revision: Bool.random(using: &random) ? text() : nil,
                    revisedAt: Bool.random(using: &random) ? date() : nil,
                    confidence: Bool.random(using: &random) ? Double.random(in: 0...1, using: &random) : nil,
                    valueHash: Bool.random(using: &random) ? text() : nil)
            }
            let provenance = ProductProvenance(
                primaryProvider: ProviderID(rawValue: text()), contributors: (0..<3).map { _ in ProviderID(rawValue: text()) },
                fields: fields, synthetic: Bool.random(using: &random))
            let expected = String(decoding: try RecordCoding.encode(provenance), as: UTF8.self)
            let written = try provenance.attributeValue()
            #expect(written == expected)
            #expect(try ProductProvenance(attributeValue: written) == provenance)
        }
    }

    @Test("A confidence that is not finite is refused, as RecordCoding refuses it")
    func nonFiniteConfidenceThrows() {
        var entry = FieldProvenance(provider: .openFoodFacts, recordedAt: ImportFixtures.now)
        entry.confidence = .nan
        let provenance = ProductProvenance(primaryProvider: .openFoodFacts, fields: [.title: entry])
        #expect(throws: EncodingError.self) { try provenance.attributeValue() }
    }
}
