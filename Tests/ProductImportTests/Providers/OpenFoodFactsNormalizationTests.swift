import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// Open Food Facts values that are out of range or foreign are dropped or kept raw, never turned into wrong data
/// and never a reason to lose the record.
@Suite("Open Food Facts normalization of edge values")
struct OpenFoodFactsNormalizationTests {
    func normalize(_ json: String) -> Result<ImportedProduct, ImportRejection> {
        OpenFoodFactsNormalizer().normalize(Data(json.utf8), context: ImportFixtures.context())
    }

    func record(_ fields: String) -> String {
        #"{"code": "5449000011527", "product_name": "Fanta", "# + fields + "}"
    }

    @Test(
        "a nutriment whose value or conversion is not finite is dropped with a warning and the record imports",
        arguments: [
            (#""sodium_100g": 1e308"#, "nutriments.sodium_100g"),
            (#""sodium_100g": "1e308""#, "nutriments.sodium_100g"),
            (#""energy-kj_100g": 1e308"#, "nutriments.energy-kj_100g"),
            (#""energy_100g": 1e308"#, "nutriments.energy_100g"),
            (#""fat_100g": 1e999"#, "nutriments.fat_100g"),
            (#""salt_100g": -1e999"#, "nutriments.salt_100g"),
        ])
    func nonFiniteNutriment(_ nutriment: String, _ field: String) throws {
        let imported = try normalize(record(#""nutriments": {"proteins_100g": 1.5, "# + nutriment + "}")).get()
        let facts = imported.product.productDetails?.foodDetails?.nutritionPer100gOrMl
        #expect(facts?.proteinG == 1.5)
        #expect(facts?.sodiumMg == nil)
        #expect(facts?.energyKcal == nil)
        #expect(facts?.fatG == nil)
        #expect(facts?.saltG == nil)
        #expect(imported.warnings.contains { if case .invalidValue(field, _) = $0 { true } else { false } })
    }

    @Test("a decimal comma between digits does not split an ingredient")
    func decimalCommaInIngredients() throws {
        let imported = try normalize(record(#""ingredients_text": "eau, jus de citron 35,5%, sucre 1,2 %, sel,aromes""#)).get()
        #expect(imported.product.productDetails?.foodDetails?.ingredients == ["eau", "jus de citron 35,5%", "sucre 1,2 %", "sel", "aromes"])
    }

    @Test("syrups are not sweeteners; agave syrup still is")
    func syrupsAreNotSweeteners() {
        let categories = CategoryNormalizer()
        #expect(categories.normalize("en:syrups").category != ProductCategory(main: "food", sub: "sweeteners"))
        #expect(categories.normalize("en:agave-syrups").category == ProductCategory(main: "food", sub: "sweeteners"))
    }

    @Test("a non-English tag nobody mapped gives no category; it is kept in a warning")
    func foreignTagIsNotACategory() throws {
        let foreign = try normalize(record(#""categories_tags": ["fr:coca"]"#)).get()
        #expect(foreign.product.category == nil)
        #expect(foreign.warnings.contains { if case .invalidValue("categories_tags", let reason) = $0 { reason.contains("fr:coca") } else { false } })
        let english = try normalize(record(#""categories_tags": ["en:quantum-snacks", "fr:coca"]"#)).get()
        #expect(english.product.category == ProductCategory(main: "other", sub: "en:quantum-snacks"))
        let mapped = try normalize(record(#""categories_tags": ["en:beverages", "fr:coca"]"#)).get()
        #expect(mapped.product.category?.main == "beverage")
        let typed = try normalize(record(#""categories": "Produits divers, Coca""#)).get()
        #expect(typed.product.category == nil)
    }
}
