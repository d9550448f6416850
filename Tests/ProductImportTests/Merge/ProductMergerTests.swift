import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// Field precedence when a provider's record meets an existing product.
@Suite("Product merger")
struct ProductMergerTests {
    let merger = ProductMerger()
    let later = ImportFixtures.now.addingTimeInterval(3_600)

    func csvRecord(_ csv: String) throws -> Product {
        let record = try #require(CSVDocument(parsing: csv).records.first)
        return try CSVProductNormalizer().normalize(record, context: ImportFixtures.context()).get().product
    }

    @Test("a second provider fills empty fields, keeps higher-priority values, and joins the contributors")
    func secondProviderEnriches() throws {
        let off = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        let csv = try csvRecord("barcode,title,sku,country of origin,size\n3029330003533,Crousti Moelleux,JAC-730,FR,700 g\n")
        let result = merger.merge(csv, into: off, now: later)
        let merged = result.product
        #expect(result.changed)
        #expect(merged.title == "Crousti Moelleux Complet Sans Sucre Ajouté 730gr")
        #expect(merged.size == "730 g")
        #expect(merged.sku == "JAC-730")
        #expect(merged.countryOfOrigin == "FR")
        #expect(merged.references == ["openfoodfacts": "3029330003533", "csv": "JAC-730"])
        #expect(merged.source == .merged)
        let provenance = try #require(merged.provenance)
        #expect(provenance.primaryProvider == .openFoodFacts)
        #expect(provenance.contributors == [.openFoodFacts, .csvFeed])
        #expect(provenance.fields[.sku]?.provider == .csvFeed)
        #expect(provenance.fields[.title]?.provider == .openFoodFacts)
        #expect(Set(result.changedFields) == [.sku, .countryOfOrigin, .references])
        #expect(result.keptFields.map(\.field).contains(.title))
    }

    @Test("merging the same record again changes nothing")
    func mergeIsIdempotent() throws {
        let off = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        let csv = try csvRecord("barcode,title,sku\n3029330003533,Crousti,JAC-730\n")
        let once = merger.merge(csv, into: off, now: later).product
        let twice = merger.merge(csv, into: once, now: later.addingTimeInterval(60))
        #expect(!twice.changed)
        #expect(twice.product == once)
        #expect(!merger.merge(off, into: off, now: later).changed)
    }

    @Test("a provider's newer revision replaces the values its older revision set")
    func newerRevisionUpdates() throws {
        let old = try csvRecord("barcode,title,revision\n4006381333931,Milk,1\n")
        let new = try csvRecord("barcode,title,revision\n4006381333931,Whole Milk,2\n")
        let result = merger.merge(new, into: old, now: later)
        #expect(result.product.title == "Whole Milk")
        #expect(result.product.provenance?.fields[.title]?.revision == "2")
        #expect(result.product.source == .importedFeed)
    }

    @Test("a value a person set is never replaced, and the import says so")
    func userValuesAreKept() throws {
        var manual = try Product.new(barcode: "3029330003533", title: "Our bread", id: UUID(), now: ImportFixtures.now)
        manual.size = "1 loaf"
        let off = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        let result = merger.merge(off, into: manual, now: later)
        #expect(result.product.title == "Our bread")
        #expect(result.product.size == "1 loaf")
        #expect(result.product.brand == "Jacquet")
        #expect(result.product.source == .manual)
        #expect(result.warnings.contains(.userValueKept(.title)))
        #expect(result.product.provenance?.fields[.title]?.provider == .user)
        #expect(result.product.provenance?.fields[.brand]?.provider == .openFoodFacts)
        #expect(result.product.provenance?.primaryProvider == .user)
    }

    @Test("a value edited after the import is not overwritten by the provider's next record")
    func editAfterImportIsKept() throws {
        var imported = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        imported.title = "Edited by hand"
        let again = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        let result = merger.merge(again, into: imported, now: later)
        #expect(result.product.title == "Edited by hand")
        #expect(result.keptFields.contains { $0.field == .title && $0.reason == .userOwned })
    }

    @Test("a provider replaces only its own images")
    func imagesPerProvider() throws {
        var off = try ImportFixtures.normalizedOpenFoodFacts("3029330003533").product
        off.images.append(ProductImage(id: "user.shelf", path: "shelf.jpg", kind: .other, source: "user"))
        let csv = try csvRecord("barcode,title,image url\n3029330003533,Bread,https://img.example/bread.jpg\n")
        let merged = merger.merge(csv, into: off, now: later).product
        #expect(merged.images.map(\.id) == [
            "openfoodfacts.front", "openfoodfacts.ingredients", "openfoodfacts.nutrition", "user.shelf", "csv.front",
        ])
    }

    @Test("food facts do not go into a collectible's details")
    func incompatibleDetails() throws {
        let game = try CollectibleNormalizer().normalize(
            CollectibleRecord(title: "Lode Runner", platform: "Apple II", barcode: "4006381333931"),
            context: ImportFixtures.context()
        ).get().product
        let food = try csvRecord("barcode,title,fat\n4006381333931,Lode Runner,3\n")
        let result = merger.merge(food, into: game, now: later)
        #expect(result.product.productDetails?.typeName == "collectible")
        #expect(result.warnings.contains(.incompatibleDetails(.nutrition)))
    }
}
