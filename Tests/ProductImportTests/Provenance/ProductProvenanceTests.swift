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
