import Foundation
import ProductImport
import ProductModule
import Testing

/// Provider taxonomies map to stable category ids through a table that is data.
@Suite("Category normalization")
struct CategoryNormalizerTests {
    let categories = CategoryNormalizer()

    struct Example: Sendable, CustomTestStringConvertible {
        var value: String
        var main: String
        var sub: String?
        var testDescription: String { value }
    }

    static let tableCases: [Example] = [
        Example(value: "en:dairies", main: "food", sub: "dairy"),
        Example(value: "en:plant-based-foods-and-beverages", main: "food", sub: nil),
        Example(value: "en:cheeses", main: "food", sub: "cheese"),
        Example(value: "en:breads", main: "food", sub: "bread"),
        Example(value: "en:margarines", main: "food", sub: "fats-oils"),
        Example(value: "en:agave-syrups", main: "food", sub: "sweeteners"),
        Example(value: "en:sandwiches", main: "food", sub: "prepared-meals"),
        Example(value: "en:beverages", main: "beverage", sub: nil),
        Example(value: "en:colas", main: "beverage", sub: "soda"),
        Example(value: "en:mineral-waters", main: "beverage", sub: "water"),
        Example(value: "Fiction / Science Fiction / General", main: "books", sub: "science-fiction"),
        Example(value: "Fiction / Thrillers / General", main: "books", sub: "thriller"),
        Example(value: "Video Games", main: "software", sub: "game"),
        Example(value: "Home Computers", main: "hardware", sub: "computer"),
    ]

    @Test("table terms map to their category", arguments: tableCases)
    func tableCase(_ example: Example) {
        let normalization = categories.normalize(example.value)
        #expect(normalization.category == ProductCategory(main: example.main, sub: example.sub))
        #expect(!normalization.isPassThrough)
    }

    static let spellings: [Example] = [
        Example(value: "Dairies", main: "food", sub: "dairy"),
        Example(value: "dairy", main: "food", sub: "dairy"),
        Example(value: "  DAIRY   products ", main: "food", sub: "dairy"),
        Example(value: "fr:dairies", main: "food", sub: "dairy"),
        Example(value: "Produits laitiers", main: "food", sub: "dairy"),
        Example(value: "Thrillers", main: "books", sub: "thriller"),
        Example(value: "thriller", main: "books", sub: "thriller"),
        Example(value: "Sci-Fi", main: "books", sub: "science-fiction"),
        Example(value: "SciFi", main: "books", sub: "science-fiction"),
        Example(value: "science_fiction", main: "books", sub: "science-fiction"),
        Example(value: "Mysteries", main: "books", sub: "mystery"),
        Example(value: "Sandwich", main: "food", sub: "prepared-meals"),
        Example(value: "Soda", main: "beverage", sub: "soda"),
        Example(value: "Céréales", main: "food", sub: "cereals"),
        Example(value: "cereales", main: "food", sub: "cereals"),
        Example(value: "Food > Dairy", main: "food", sub: "dairy"),
        Example(value: "Beverages | Soft Drinks", main: "beverage", sub: "soda"),
    ]

    @Test("plurals, synonyms, case, whitespace, diacritics and language prefixes meet at one id", arguments: spellings)
    func spelling(_ example: Example) {
        #expect(categories.normalize(example.value).category == ProductCategory(main: example.main, sub: example.sub))
    }

    @Test("an Open Food Facts tag list resolves to its most specific known tag")
    func mostSpecificTag() throws {
        let cheese = try #require(categories.normalize(tags: [
            "en:dairies", "en:fermented-foods", "en:fermented-milk-products", "en:cheeses", "en:goat-cheeses",
            "en:sainte-maure-de-touraine", "fr:sainte-maure",
        ]))
        #expect(cheese.category == ProductCategory(main: "food", sub: "cheese"))
        #expect(cheese.matchedTerm == "en:goat-cheeses")
        let fanta = try #require(categories.normalize(tags: [
            "en:plant-based-foods-and-beverages", "en:beverages", "en:carbonated-drinks", "en:sodas",
            "en:orange-soft-drinks", "en:sugared-beverages",
        ]))
        #expect(fanta.category == ProductCategory(main: "beverage", sub: "soda"))
        #expect(categories.normalize(tags: []) == nil)
    }

    @Test("unknown values pass through unchanged under the fallback main id", arguments: [
        "Quantum Literature", "fr:coca-cola", "Fiction / Quantum Literature",
    ])
    func unknownPassesThrough(_ value: String) {
        let normalization = categories.normalize(value)
        if value.hasPrefix("Fiction /") {
            #expect(normalization.category == ProductCategory(main: "books", sub: "fiction"))
        } else {
            #expect(normalization.category == ProductCategory(main: "other", sub: value))
            #expect(normalization.isPassThrough)
            #expect(normalization.rawValue == value)
        }
    }

    @Test("unknown tag lists keep their most specific tag")
    func unknownTagsPassThrough() {
        let normalization = categories.normalize(tags: ["en:gizmos", "en:blue-gizmos"])
        #expect(normalization?.category == ProductCategory(main: "other", sub: "en:blue-gizmos"))
    }

    @Test("a client overrides and extends the table, and its override wins")
    func clientOverride() {
        var table = CategoryMappingTable.standard
        table.map(["en:dairies"], to: ProductCategory(main: "chilled", sub: "dairy"))
        table.map(["kombucha", "en:kombuchas"], to: ProductCategory(main: "beverage", sub: "kombucha"))
        table.unmap(["en:colas"])
        let custom = CategoryNormalizer(table: table)
        #expect(custom.normalize("Dairies").category == ProductCategory(main: "chilled", sub: "dairy"))
        #expect(custom.normalize("Kombuchas").category == ProductCategory(main: "beverage", sub: "kombucha"))
        #expect(custom.normalize("en:colas").isPassThrough)
        #expect(custom.normalize("en:cheeses").category == ProductCategory(main: "food", sub: "cheese"))
    }

    @Test("a client table merged over the standard one wins for shared terms and sets the fallback")
    func mergedTable() {
        let client = CategoryMappingTable(
            mappings: [CategoryMapping(main: "grocery", sub: "milk", terms: ["milk"])], fallbackMain: "unsorted")
        let custom = CategoryNormalizer(table: CategoryMappingTable.standard.merging(client))
        #expect(custom.normalize("Milks").category == ProductCategory(main: "grocery", sub: "milk"))
        #expect(custom.normalize("Gizmo").category == ProductCategory(main: "unsorted", sub: "Gizmo"))
    }

    @Test("the table is Codable data and decodes from a client's JSON")
    func tableIsCodable() throws {
        let json = #"""
        {"mappings": [{"main": "pets", "sub": "cat-food", "terms": ["en:cat-foods", "Katzenfutter"]}],
         "ignoredTerms": ["general"]}
        """#
        let table = try JSONDecoder().decode(CategoryMappingTable.self, from: Data(json.utf8))
        #expect(table.fallbackMain == "other")
        let normalizer = CategoryNormalizer(table: table)
        #expect(normalizer.normalize("Katzenfutter / General").category == ProductCategory(main: "pets", sub: "cat-food"))
        let standard = try JSONDecoder().decode(
            CategoryMappingTable.self, from: try JSONEncoder().encode(CategoryMappingTable.standard))
        #expect(standard == CategoryMappingTable.standard)
    }
}
