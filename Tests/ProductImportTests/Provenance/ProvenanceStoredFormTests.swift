import Foundation
import InventoryKit
import InventoryKitTesting
import ProductImport
import ProductModule
import Testing

/// Provenance is stored with each source stated once and fields referring to it; provenance stored in the earlier
/// form (each field stating its provider, dates and revision) is still read, so stores and devices that wrote it
/// keep their provenance.
@Suite("Provenance stored form")
struct ProvenanceStoredFormTests {
    /// Provenance as the earlier form wrote it: `RecordCoding` of every field's `FieldProvenance` in full.
    struct EarlierForm: Encodable {
        var contributors: [ProviderID]
        var fields: [ProvenanceField: FieldProvenance]
        var primaryProvider: ProviderID
        var synthetic: Bool

        init(_ provenance: ProductProvenance) {
            contributors = provenance.contributors
            fields = provenance.fields
            primaryProvider = provenance.primaryProvider
            synthetic = provenance.synthetic
        }

        func text() throws -> String { String(decoding: try RecordCoding.encode(self), as: UTF8.self) }
    }

    static func generated(count: Int, seed: UInt64) -> [ProductProvenance] {
        var random = SeededRandomNumberGenerator(seed: seed)
        let texts = ["openfoodfacts", "csv", "user", "", "a/b", "quote\"back\\slash", "Crème 🍮", "ZZ", "aa"]
        func text() -> String { texts[Int.random(in: 0..<texts.count, using: &random)] }
        let dates = [0, 1, -1.5, 786_123_456.123_456_7, 1e10].map(Date.init(timeIntervalSinceReferenceDate:))
        return (0..<count).map { _ in
            var fields: [ProvenanceField: FieldProvenance] = [:]
            for _ in 0..<Int.random(in: 0...12, using: &random) {
                let key: ProvenanceField = Bool.random(using: &random)
                    ? ProvenanceField.allKnown.randomElement(using: &random) ?? .title : ProvenanceField(rawValue: text())
                fields[key] = FieldProvenance(
                    provider: ProviderID(rawValue: text()), recordedAt: dates.randomElement(using: &random) ?? .distantPast,
                    revision: Bool.random(using: &random) ? text() : nil,
                    revisedAt: Bool.random(using: &random) ? dates.randomElement(using: &random) : nil,
                    confidence: Bool.random(using: &random) ? Double.random(in: 0...1, using: &random) : nil,
                    valueHash: Bool.random(using: &random) ? text() : nil)
            }
            return ProductProvenance(
                primaryProvider: ProviderID(rawValue: text()), contributors: [ProviderID(rawValue: text())],
                fields: fields, synthetic: Bool.random(using: &random))
        }
    }

    @Test("provenance written in the earlier form reads back equal")
    func earlierFormIsRead() throws {
        for provenance in Self.generated(count: 400, seed: 47) {
            let earlier = try EarlierForm(provenance).text()
            #expect(!earlier.contains("\"sources\""))
            #expect(try ProductProvenance(attributeValue: earlier) == provenance)
            // Written again, it takes the stored form and still reads back equal.
            #expect(try ProductProvenance(attributeValue: try provenance.attributeValue()) == provenance)
        }
    }

    @Test("a field whose source index is out of range is refused, not read as another field's source")
    func outOfRangeSourceIsRefused() {
        let text = #"{"contributors":["csv"],"fields":{"title":[1,"00"]},"primaryProvider":"csv","sources":[{"provider":"csv","recordedAt":0}],"synthetic":false}"#
        #expect(throws: DecodingError.self) { try ProductProvenance(attributeValue: text) }
    }

    @Test("an imported record states its provider, dates and revision once; a person's edit keeps its own stamp")
    func eachSourceOnce() throws {
        for code in ImportFixtures.openFoodFactsCodes {
            let product = try ImportFixtures.normalizedOpenFoodFacts(code).product
            var provenance = try #require(product.provenance)
            let text = try provenance.attributeValue()
            #expect(text.components(separatedBy: "\"recordedAt\"").count - 1 == 1, "\(code): \(text)")
            #expect(text.components(separatedBy: "\"openfoodfacts\"").count - 1 <= 3, "\(code): \(text)")
            // A person sets the title: a second source, the user's, for that field only.
            let edited = Date(timeIntervalSinceReferenceDate: 900_000_000)
            provenance.fields[.title] = FieldProvenance(provider: .user, recordedAt: edited, valueHash: "0123456789abcdef")
            let written = try provenance.attributeValue()
            #expect(written.components(separatedBy: "\"recordedAt\"").count - 1 == 2)
            let read = try ProductProvenance(attributeValue: written)
            #expect(read.fields[.title]?.provider == .user && read.fields[.title]?.recordedAt == edited)
            #expect(read == provenance)
        }
    }

    @Test("a stored Open Food Facts product is at least a third smaller than in the earlier form")
    func storedProductsShrink() throws {
        var before = 0
        var after = 0
        for code in ImportFixtures.openFoodFactsCodes {
            var product = try ImportFixtures.normalizedOpenFoodFacts(code).product
            let provenance = try #require(product.provenance)
            after += try RecordCoding.encode(product).count
            product.attributes[ProductProvenance.attributeKey] = try EarlierForm(provenance).text()
            before += try RecordCoding.encode(product).count
            #expect(product.provenance == provenance, "\(code): the earlier form reads back")
        }
        #expect(after * 3 <= before * 2, "bytes of the 18 products: \(before) in the earlier form, \(after) now")
    }

    @Test("restating a product's provenance rewrites the earlier form once and leaves every other product alone")
    func restateProvenance() throws {
        var product = try ImportFixtures.normalizedOpenFoodFacts("5449000011527").product
        let provenance = try #require(product.provenance)
        let stored = try #require(product.attributes[ProductProvenance.attributeKey])
        var changed = product.restateProvenance()
        #expect(!changed, "already in the stored form")
        product.attributes[ProductProvenance.attributeKey] = try EarlierForm(provenance).text()
        changed = product.restateProvenance()
        #expect(changed)
        #expect(product.attributes[ProductProvenance.attributeKey] == stored && product.provenance == provenance)
        changed = product.restateProvenance()
        #expect(!changed)
        product.attributes[ProductProvenance.attributeKey] = "not provenance"
        changed = product.restateProvenance()
        #expect(!changed && product.attributes[ProductProvenance.attributeKey] == "not provenance")
        product.attributes[ProductProvenance.attributeKey] = nil
        changed = product.restateProvenance()
        #expect(!changed)
    }
}
