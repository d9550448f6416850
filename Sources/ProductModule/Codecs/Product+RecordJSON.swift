import Foundation
import InventoryKit

// Every stored product, its outbox entry and every import writes a product's JSON: `RecordCoding.encode` of a
// product takes this path, which writes the same bytes as `JSONEncoder` without its generic machinery. Values a
// catalog rarely holds (a manufacturer, compliance, quality signals, other kinds of details, …) are still written by `JSONEncoder`
// and spliced in. `ProductRecordJSONTests` holds the two paths equal.

extension Product: RecordJSONWritable {
    package func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        writer.member("additionalIdentifiers")
        if additionalIdentifiers.isEmpty {
            writer.beginArray()
            writer.endArray()
        } else {
            try writer.foundation(additionalIdentifiers)
        }
        writer.member("attributes")
        writer.stringMap(attributes)
        if let barcode {
            writer.member("barcode")
            try barcode.write(to: &writer)
        }
        writer.optional("brand", brand)
        if let category {
            writer.member("category")
            writer.beginObject()
            writer.member("main")
            writer.string(category.main)
            writer.optional("sub", category.sub)
            writer.endObject()
        }
        writer.member("certifications")
        writer.strings(certifications)
        if let compliance {
            writer.member("compliance")
            try writer.foundation(compliance)
        }
        writer.optional("countryOfOrigin", countryOfOrigin)
        writer.member("createdAt")
        try writer.date(createdAt)
        if let extractionMetadata {
            writer.member("extractionMetadata")
            try writer.foundation(extractionMetadata)
        }
        writer.member("images")
        writer.beginArray()
        for image in images { image.write(to: &writer) }
        writer.endArray()
        writer.member("languageCodes")
        writer.strings(languageCodes)
        if let manufacturer {
            writer.member("manufacturer")
            try writer.foundation(manufacturer)
        }
        if let packaging {
            writer.member("packaging")
            if packaging.quantity?.isNaN == true {
                try writer.foundation(packaging)
            } else {
                packaging.write(to: &writer)
            }
        }
        if let productDetails {
            writer.member("productDetails")
            try productDetails.write(to: &writer)
        }
        writer.member("productId")
        writer.string(productID.rawValue)
        if let qualitySignals {
            writer.member("qualitySignals")
            try writer.foundation(qualitySignals)
        }
        writer.member("references")
        writer.stringMap(references)
        writer.member("relatedAssetIDs")
        writer.beginArray()
        for id in relatedAssetIDs { writer.uuid(id) }
        writer.endArray()
        writer.member("relatedBarcodes")
        writer.strings(relatedBarcodes)
        writer.member("searchKeywords")
        writer.strings(searchKeywords)
        writer.optional("shortDescription", shortDescription)
        writer.optional("size", size)
        writer.optional("sku", sku)
        writer.member("source")
        writer.string(source.rawValue)
        writer.member("status")
        writer.string(status.rawValue)
        writer.optional("storageInstructions", storageInstructions)
        writer.optional("title", title)
        writer.member("updatedAt")
        try writer.date(updatedAt)
        writer.member("version")
        writer.number(Int64(version))
        writer.endObject()
    }
}

extension Barcode {
    fileprivate func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        try writer.optional("confidence", confidence)
        writer.optional("source", source)
        writer.member("symbology")
        writer.string(symbology.rawValue)
        writer.member("value")
        writer.string(value)
        writer.endObject()
    }
}

extension ProductPackaging {
    fileprivate func write(to writer: inout RecordJSONWriter) {
        writer.beginObject()
        if let count {
            writer.member("count")
            writer.number(Int64(count))
        }
        writer.optional("displayText", displayText)
        if let quantity {
            // `JSONEncoder` writes a `Decimal` as its description: every digit, never through `Double`.
            writer.member("quantity")
            writer.raw(quantity.description.utf8)
        }
        if let unit {
            writer.member("unit")
            writer.string(unit.name)
        }
        writer.endObject()
    }
}

extension ProductImage {
    fileprivate func write(to writer: inout RecordJSONWriter) {
        writer.beginObject()
        if let height {
            writer.member("height")
            writer.number(Int64(height))
        }
        writer.member("id")
        writer.string(id)
        writer.member("kind")
        writer.string(kind.rawValue)
        writer.optional("path", path)
        writer.optional("source", source)
        // `JSONEncoder` writes a URL as its absolute string.
        writer.optional("url", url?.absoluteString)
        if let width {
            writer.member("width")
            writer.number(Int64(width))
        }
        writer.endObject()
    }
}

extension ProductDetails {
    fileprivate func write(to writer: inout RecordJSONWriter) throws {
        switch self {
        case .food(let details), .beverage(let details):
            writer.beginObject()
            writer.member("type")
            writer.string(typeName)
            if let details {
                writer.member("value")
                try details.write(to: &writer)
            }
            writer.endObject()
        case .household, .personalCare, .collectible, .other:
            try writer.foundation(self)
        }
    }
}

extension FoodDetails {
    fileprivate func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        if let allergens {
            writer.member("allergens")
            writer.strings(allergens)
        }
        if let ingredients {
            writer.member("ingredients")
            writer.strings(ingredients)
        }
        writer.optional("numberOfItemsText", numberOfItemsText)
        if let nutritionPer100gOrMl {
            writer.member("nutritionPer100gOrMl")
            try nutritionPer100gOrMl.write(to: &writer)
        }
        writer.optional("quantityText", quantityText)
        writer.optional("servingSize", servingSize)
        writer.endObject()
    }
}

extension NutritionFacts {
    fileprivate func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        let values: [(String, Double?)] = [
            ("carbsG", carbsG), ("energyKcal", energyKcal), ("fatG", fatG), ("fiberG", fiberG), ("proteinG", proteinG),
            ("saltG", saltG), ("saturatedFatG", saturatedFatG), ("sodiumMg", sodiumMg), ("sugarsG", sugarsG),
        ]
        for (key, value) in values { try writer.optional(key, value) }
        writer.endObject()
    }
}
