import Foundation
import InventoryKit

// Every point read, page and pull of a catalog decodes stored products: `RecordCoding.decode` of a product takes
// this path, which reads what `Product+RecordJSON` writes to the value `JSONDecoder` decodes. A product holding a
// value this path leaves to `JSONDecoder` (additional identifiers, compliance, extraction metadata, a
// manufacturer, quality signals, related assets, details other than food and beverage), or any key or value it
// does not expect, is decoded by `JSONDecoder` whole. `ProductRecordJSONReadingTests` holds the two paths equal.

extension Product: RecordJSONReadable {
    private enum Field: String, CaseIterable {
        case additionalIdentifiers, attributes, barcode, brand, category, certifications, compliance
        case countryOfOrigin, createdAt, extractionMetadata, images, languageCodes, manufacturer, packaging
        case productDetails, productID = "productId", qualitySignals, references, relatedAssetIDs, relatedBarcodes
        case searchKeywords, shortDescription, size, sku, source, status, storageInstructions, title, updatedAt
        case version
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    package static func read(from reader: inout RecordJSONReader) -> Product? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var id: ProductID?
        var barcode: Barcode?
        var title: String?, brand: String?, shortDescription: String?, storageInstructions: String?
        var size: String?, countryOfOrigin: String?, sku: String?
        var certifications: [String]?, languageCodes: [String]?, searchKeywords: [String]?
        var relatedBarcodes: [String]?
        var category: ProductCategory?
        var details: ProductDetails?
        var packaging: ProductPackaging?
        var images: [ProductImage] = []
        var attributes: [String: String] = [:]
        var references: [String: String] = [:]
        var source: ProductSource?
        var status: ProductStatus?
        var createdAt: Date?
        var updatedAt: Date?
        var version: Int?
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            switch field {
            case .additionalIdentifiers, .relatedAssetIDs, .compliance, .extractionMetadata, .manufacturer,
                .qualitySignals:
                // Left to `JSONDecoder` unless absent: `null`, or an empty list.
                if !reader.null() {
                    guard field == .additionalIdentifiers || field == .relatedAssetIDs, reader.strings().isEmpty else {
                        reader.fail()
                        return nil
                    }
                }
            case .attributes: attributes = reader.optionalStringMap() ?? [:]
            case .references: references = reader.optionalStringMap() ?? [:]
            case .barcode: barcode = reader.null() ? nil : Barcode.read(from: &reader)
            case .brand: brand = reader.optionalString()
            case .countryOfOrigin: countryOfOrigin = reader.optionalString()
            case .shortDescription: shortDescription = reader.optionalString()
            case .size: size = reader.optionalString()
            case .sku: sku = reader.optionalString()
            case .storageInstructions: storageInstructions = reader.optionalString()
            case .title: title = reader.optionalString()
            case .category: category = reader.null() ? nil : ProductCategory.read(from: &reader)
            case .certifications: certifications = reader.optionalStrings()
            case .languageCodes: languageCodes = reader.optionalStrings()
            case .relatedBarcodes: relatedBarcodes = reader.optionalStrings()
            case .searchKeywords: searchKeywords = reader.optionalStrings()
            case .createdAt: createdAt = reader.date()
            case .updatedAt: updatedAt = reader.date()
            case .version: version = reader.int()
            case .images:
                if !reader.null() {
                    var array = RecordJSONContainer()
                    guard reader.beginArray() else { return nil }
                    while reader.nextElement(in: &array) {
                        guard let image = ProductImage.read(from: &reader) else { return nil }
                        images.append(image)
                    }
                }
            case .packaging: packaging = reader.null() ? nil : ProductPackaging.read(from: &reader)
            case .productDetails: details = reader.null() ? nil : ProductDetails.read(from: &reader)
            case .productID: id = try? ProductID(reader.string())
            case .source: source = ProductSource(rawValue: reader.string())
            case .status: status = ProductStatus(rawValue: reader.string())
            }
            if reader.failed { return nil }
        }
        guard let id, let source, let status, let createdAt, let updatedAt, let version else { return nil }
        return Product(
            productID: id, barcode: barcode, title: title, brand: brand, shortDescription: shortDescription,
            storageInstructions: storageInstructions, category: category, productDetails: details,
            packaging: packaging, size: size, images: images, attributes: attributes, source: source, status: status,
            countryOfOrigin: countryOfOrigin, certifications: certifications ?? [], languageCodes: languageCodes ?? [],
            searchKeywords: searchKeywords ?? [], relatedBarcodes: relatedBarcodes ?? [], sku: sku,
            references: references, createdAt: createdAt, updatedAt: updatedAt, version: version)
    }
}

extension Barcode {
    private enum Field: String, CaseIterable {
        case confidence, source, symbology, value
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    /// Reads a barcode and validates it as `init(from:)` does; `nil` (refused) otherwise.
    fileprivate static func read(from reader: inout RecordJSONReader) -> Barcode? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var value: String?
        var symbology: BarcodeSymbology?
        var confidence: Double?
        var source: String?
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            switch field {
            case .confidence: confidence = reader.optionalDouble()
            case .source: source = reader.optionalString()
            case .value: value = reader.string()
            case .symbology:
                if !reader.null() {
                    guard let known = BarcodeSymbology(rawValue: reader.string()) else { return reader.refuse() }
                    symbology = known
                }
            }
        }
        guard !reader.failed, let value,
            let barcode = try? Barcode(stored: value, symbology: symbology, confidence: confidence, source: source)
        else { return reader.refuse() }
        return barcode
    }
}

extension ProductCategory {
    private enum Field: String, CaseIterable {
        case main, sub
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    fileprivate static func read(from reader: inout RecordJSONReader) -> ProductCategory? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var main: String?
        var sub: String?
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            switch field {
            case .main: main = reader.string()
            case .sub: sub = reader.optionalString()
            }
        }
        guard let main, !reader.failed else { return reader.refuse() }
        return ProductCategory(main: main, sub: sub)
    }
}

extension ProductImage {
    private enum Field: String, CaseIterable {
        case height, id, kind, path, source, url, width
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    fileprivate static func read(from reader: inout RecordJSONReader) -> ProductImage? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var id: String?
        var kind: ProductImageKind?
        var url: URL?
        var path: String?
        var source: String?
        var width: Int?
        var height: Int?
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            switch field {
            case .height: height = reader.optionalInt()
            case .width: width = reader.optionalInt()
            case .id: id = reader.string()
            case .kind: kind = ProductImageKind(rawValue: reader.string())
            case .path: path = reader.optionalString()
            case .source: source = reader.optionalString()
            case .url:
                // `JSONDecoder` reads a URL as `URL(string:)` of its text and refuses text that is not one.
                if let text = reader.optionalString() {
                    guard let parsed = URL(string: text) else { return reader.refuse() }
                    url = parsed
                }
            }
        }
        guard let id, let kind, !reader.failed else { return reader.refuse() }
        return ProductImage(id: id, url: url, path: path, kind: kind, source: source, width: width, height: height)
    }
}

extension ProductPackaging {
    private enum Field: String, CaseIterable {
        case count, displayText, quantity, unit
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    fileprivate static func read(from reader: inout RecordJSONReader) -> ProductPackaging? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var packaging = ProductPackaging()
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            switch field {
            case .count: packaging.count = reader.optionalInt()
            case .displayText: packaging.displayText = reader.optionalString()
            case .quantity: packaging.quantity = reader.optionalDecimal()
            case .unit: packaging.unit = reader.optionalString().map(PackagingUnit.init(name:))
            }
        }
        return reader.failed ? nil : packaging
    }
}

extension ProductDetails {
    private enum Field: String, CaseIterable {
        case type, value
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    /// Food and beverage details; any other kind is left to `JSONDecoder`.
    fileprivate static func read(from reader: inout RecordJSONReader) -> ProductDetails? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var type: String?
        var details: FoodDetails?
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            switch field {
            case .type:
                type = reader.string()
                guard type == "food" || type == "beverage" else { return reader.refuse() }
            case .value:
                // The value is read by its type, so the type must come first, as it is written.
                guard type != nil else { return reader.refuse() }
                details = reader.null() ? nil : FoodDetails.read(from: &reader)
            }
        }
        guard let type, !reader.failed else { return reader.refuse() }
        return type == "food" ? .food(details) : .beverage(details)
    }
}

extension FoodDetails {
    private enum Field: String, CaseIterable {
        case allergens, ingredients, numberOfItemsText, nutritionPer100gOrMl, quantityText, servingSize
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    fileprivate static func read(from reader: inout RecordJSONReader) -> FoodDetails? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var details = FoodDetails()
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            switch field {
            case .allergens: details.allergens = reader.optionalStrings()
            case .ingredients: details.ingredients = reader.optionalStrings()
            case .numberOfItemsText: details.numberOfItemsText = reader.optionalString()
            case .quantityText: details.quantityText = reader.optionalString()
            case .servingSize: details.servingSize = reader.optionalString()
            case .nutritionPer100gOrMl:
                details.nutritionPer100gOrMl = reader.null() ? nil : NutritionFacts.read(from: &reader)
            }
        }
        return reader.failed ? nil : details
    }
}

extension NutritionFacts {
    private enum Field: String, CaseIterable {
        case carbsG, energyKcal, fatG, fiberG, proteinG, saltG, saturatedFatG, sodiumMg, sugarsG
    }

    private static let keys = RecordJSONKeys(Field.self)
    private static let fields = Field.allCases

    fileprivate static func read(from reader: inout RecordJSONReader) -> NutritionFacts? {
        var object = RecordJSONContainer()
        guard reader.beginObject() else { return nil }
        var facts = NutritionFacts()
        while let position = reader.nextKey(keys, in: &object) {
            let field = fields[position]
            let value = reader.optionalDouble()
            switch field {
            case .carbsG: facts.carbsG = value
            case .energyKcal: facts.energyKcal = value
            case .fatG: facts.fatG = value
            case .fiberG: facts.fiberG = value
            case .proteinG: facts.proteinG = value
            case .saltG: facts.saltG = value
            case .saturatedFatG: facts.saturatedFatG = value
            case .sodiumMg: facts.sodiumMg = value
            case .sugarsG: facts.sugarsG = value
            }
        }
        return reader.failed ? nil : facts
    }
}
