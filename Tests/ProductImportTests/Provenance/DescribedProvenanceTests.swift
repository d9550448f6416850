import Foundation
import InventoryKit
import ProductModule
import ProductModuleTesting
import Testing

@testable import ProductImport

/// A normalizer records a described product's provenance straight from the product, without building the
/// `ProductProvenance` value: the stored text must be the one `provenance = .describing(…)` stores, byte for byte.
@Suite("Described provenance")
struct DescribedProvenanceTests {
    /// Products of every shape: the Open Food Facts fixtures, each emptied, and each with collectible details set.
    static func products() throws -> [Product] {
        var products: [Product] = []
        for code in ImportFixtures.openFoodFactsCodes {
            var product = try ImportFixtures.normalizedOpenFoodFacts(code).product
            product.attributes[ProductProvenance.attributeKey] = nil
            products.append(product)
            var collectible = product
            collectible.productDetails = .collectible(
                CollectibleDetails(
                    platform: "Amiga 500", publisher: "Psygnosis", developer: "DMA \"Design\"", creator: "Crème 🍮",
                    genre: "", productVersion: "1.0", mediaFormat: "floppy",
                    releaseDate: Date(timeIntervalSinceReferenceDate: -500_000_000.25), productionDate: nil))
            collectible.references = ["csv": "1", "openfoodfacts": code, "a": ""]
            products.append(collectible)
        }
        products.append(try Product.fixture(number: 1))
        var empty = try Product.fixture(number: 2, title: "")
        empty.title = nil
        products.append(empty)
        return products
    }

    static let providers: [ProviderID] = [.openFoodFacts, ProviderID(rawValue: "csv"), ProviderID(rawValue: "quote\"back\\slash")]

    static let revisions: [SourceRevision?] = [
        nil, SourceRevision(), SourceRevision(revision: "121", revisedAt: Date(timeIntervalSince1970: 1_742_669_182)),
        SourceRevision(revision: String(repeating: "é", count: 70) + "🍮", revisedAt: nil),
        SourceRevision(revision: nil, revisedAt: Date(timeIntervalSinceReferenceDate: 0.123_456_789)),
    ]

    @Test("the recorded text is the one the provenance setter stores for describing(…), for every product and source")
    func recordedTextMatchesTheSetter() throws {
        let dates = [ImportFixtures.now, Date(timeIntervalSinceReferenceDate: -1.5), Date(timeIntervalSinceReferenceDate: 1e10)]
        for product in try Self.products() {
            for provider in Self.providers {
                for revision in Self.revisions {
                    for now in dates {
                        for synthetic in [false, true] {
                            var expected = product
                            expected.provenance = .describing(
                                product, by: provider, revision: revision, synthetic: synthetic, now: now)
                            var recorded = product
                            recorded.recordDescribedProvenance(
                                by: provider, revision: revision, synthetic: synthetic, now: now)
                            let text = recorded.attributes[ProductProvenance.attributeKey]
                            #expect(text != nil)
                            #expect(text == expected.attributes[ProductProvenance.attributeKey], "\(product.productID)")
                        }
                    }
                }
            }
        }
    }

    @Test("a source date that cannot be written leaves no provenance, as the setter leaves none")
    func unwritableDateLeavesNone() throws {
        for product in try Self.products() {
            for now in [Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: .nan)] {
                var expected = product
                expected.attributes[ProductProvenance.attributeKey] = "earlier"
                expected.provenance = .describing(product, by: .openFoodFacts, now: now)
                var recorded = product
                recorded.attributes[ProductProvenance.attributeKey] = "earlier"
                recorded.recordDescribedProvenance(by: .openFoodFacts, now: now)
                #expect(recorded.attributes == expected.attributes)
            }
        }
    }

    @Test("the stored order of the known fields is their names' byte order")
    func storedOrderIsByteOrder() {
        let names = ProvenanceField.knownSlotsInStoredOrder.map(\.field.rawValue)
        #expect(names.count == ProvenanceField.knownSlots.count)
        #expect(names == ProvenanceField.knownSlots.map(\.field.rawValue).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        #expect(ProvenanceField.knownSlotsInStoredOrder.allSatisfy { $0.tracksEdits == $0.field.tracksEdits })
    }
}
