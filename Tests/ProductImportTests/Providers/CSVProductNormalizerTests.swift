import Foundation
import InventoryKit
import ProductImport
import ProductModule
import Testing

/// CSV rows normalize through a configurable column mapping.
@Suite("CSV product normalizer")
struct CSVProductNormalizerTests {
    func normalize(
        _ csv: String, normalizer: CSVProductNormalizer = CSVProductNormalizer(), parser: CSVParser = CSVParser()
    ) -> [Result<ImportedProduct, ImportRejection>] {
        CSVDocument(parsing: csv, parser: parser).records.map { normalizer.normalize($0, context: ImportFixtures.context()) }
    }

    @Test("a full row becomes a canonical product with CSV provenance")
    func fullRow() throws {
        let csv = """
            barcode,title,brand,category,size,sku,ingredients,allergens,energy kcal,fat,sodium mg,image url,country of origin,revision
            4006381333931,Whole Milk,Acme,en:dairies,6 x 1 L,ACM-1,"milk, vitamin D",milk; lactose,64,"3,5",44,https://img.example/milk.jpg,DE,2025-06-01
            """
        let imported = try #require(normalize(csv).first).get()
        let product = imported.product
        #expect(product.productID.rawValue == "4006381333931")
        #expect(product.title == "Whole Milk")
        #expect(product.brand == "Acme")
        #expect(product.category == ProductCategory(main: "food", sub: "dairy"))
        #expect(product.size == "6 x 1 L")
        #expect(product.packaging == ProductPackaging(quantity: 1, unit: .l, count: 6, displayText: "6 x 1 L"))
        #expect(product.sku == "ACM-1")
        #expect(product.countryOfOrigin == "DE")
        let food = try #require(product.productDetails?.foodDetails)
        #expect(product.productDetails?.typeName == "food")
        #expect(food.ingredients == ["milk", "vitamin D"])
        #expect(food.allergens == ["milk", "lactose"])
        #expect(food.nutritionPer100gOrMl == NutritionFacts(energyKcal: 64, fatG: 3.5, sodiumMg: 44))
        #expect(product.images.first?.kind == .front)
        #expect(product.references == ["csv": "ACM-1"])
        #expect(product.source == .importedFeed)
        let provenance = try #require(product.provenance)
        #expect(provenance.primaryProvider == .csvFeed)
        #expect(provenance.fields[.title]?.revision == "2025-06-01")
        #expect(imported.warnings.isEmpty)
    }

    @Test("a caller's own header names map through a custom mapping")
    func customMapping() throws {
        var mapping = CSVColumnMapping.standard
        mapping.map(.title, to: ["Artikelbezeichnung"])
        mapping.map(.barcode, to: ["EAN-Code"])
        mapping.map(.size, to: ["Inhalt"])
        let normalizer = CSVProductNormalizer(providerID: "grosshandel", mapping: mapping, feedRevision: "v7")
        let csv = "EAN-Code;Artikelbezeichnung;Inhalt\n4006381333931;Vollmilch;1,5 l\n"
        let product = try #require(normalize(csv, normalizer: normalizer, parser: CSVParser(delimiter: ";")).first).get().product
        #expect(product.title == "Vollmilch")
        #expect(product.packaging?.quantity == Decimal(string: "1.5"))
        #expect(product.provenance?.primaryProvider == "grosshandel")
        #expect(product.provenance?.fields[.title]?.revision == "v7")
    }

    @Test("a spreadsheet-quoted barcode reads without its quoting", arguments: ["'4006381333931", "=\"4006381333931\"", " 4006381333931 "])
    func spreadsheetBarcodes(_ raw: String) throws {
        let csv = "barcode,title\n\"\(raw.replacingOccurrences(of: "\"", with: "\"\""))\",Milk\n"
        let product = try #require(normalize(csv).first).get().product
        #expect(product.productID.rawValue == "4006381333931")
    }

    @Test("without a barcode, a SKU gives a feed-scoped id and a title alone a synthetic one")
    func barcodeLessIdentity() throws {
        let results = normalize("title,brand,sku\nMilk,Acme,A-1\nMilk,Acme,\n")
        let bySKU = try results[0].get().product
        let byTitle = try results[1].get().product
        #expect(bySKU.productID == .generated(InventoryIDGenerator.generate(for: .product, semanticName: "csv:sku:A-1")))
        #expect(bySKU.provenance?.synthetic == false)
        #expect(byTitle.productID == .generated(InventoryIDGenerator.generate(for: .product, semanticName: "Acme/Milk")))
        #expect(byTitle.provenance?.synthetic == true)
    }

    @Test("rows with neither a valid barcode nor a title are rejected; a bad barcode with a title is a warning")
    func identityRules() throws {
        let results = normalize("barcode,title\n,\n12345,\n12345,Milk\n")
        #expect(throws: ImportRejection.missingIdentity(barcode: nil)) { try results[0].get() }
        #expect(throws: ImportRejection.missingIdentity(barcode: "12345")) { try results[1].get() }
        let imported = try results[2].get()
        #expect(imported.product.barcode == nil)
        #expect(imported.warnings.contains { if case .invalidBarcode("12345", _) = $0 { true } else { false } })
    }

    @Test("bad values are left out with warnings naming the column")
    func badValues() throws {
        let imported = try #require(normalize("barcode,title,fat,size,image url,category\n4006381333931,Milk,lots,big,ftp://x,Quantum Literature\n").first).get()
        #expect(imported.product.productDetails == nil)
        #expect(imported.product.packaging == nil)
        #expect(imported.product.images.isEmpty)
        #expect(imported.product.category == ProductCategory(main: "other", sub: "Quantum Literature"))
        #expect(imported.warnings.contains(.invalidValue(field: "fat", reason: "\"lots\" is not a number of at least 0")))
        #expect(imported.warnings.contains(.unparsedQuantity("big")))
        #expect(imported.warnings.contains(.unknownCategory("Quantum Literature")))
    }

    @Test("a beverage category gives beverage details; a ragged row imports with a warning")
    func beverageAndRagged() throws {
        let imported = try #require(normalize("barcode,title,category,energy kj\n5449000011527,Fanta,Beverages > Sodas,113,extra\n").first).get()
        #expect(imported.product.productDetails?.typeName == "beverage")
        #expect(imported.product.productDetails?.foodDetails?.nutritionPer100gOrMl?.energyKcal == 27.0)
        #expect(imported.warnings.contains(.raggedRow(line: 2, expected: 4, found: 5)))
    }
}
