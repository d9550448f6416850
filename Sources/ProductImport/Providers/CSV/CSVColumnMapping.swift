import Foundation

/// Which CSV header names hold which product value, configurable by the caller.
///
/// Header names compare without case, diacritics, spaces or punctuation (`"Product Name"`, `"product_name"` and
/// `"PRODUCT-NAME"` are one name). For each value the first alias found in the header wins.
///
/// ```swift
/// var mapping = CSVColumnMapping.standard
/// mapping.map(.title, to: ["Artikelbezeichnung"])
/// mapping.map(.barcode, to: ["EAN-Code"])
/// let normalizer = CSVProductNormalizer(providerID: "acme-wholesale", mapping: mapping)
/// ```
public struct CSVColumnMapping: Hashable, Sendable, Codable {
    /// Header aliases per value, in order of preference.
    public var columns: [CSVProductField: [String]]

    /// Creates a mapping.
    public init(_ columns: [CSVProductField: [String]]) {
        self.columns = columns
    }

    /// Sets the header names of a value, replacing its aliases.
    public mutating func map(_ field: CSVProductField, to headers: [String]) {
        columns[field] = headers
    }

    /// The column index of each mapped value in a header.
    public func resolve(header: [String]) -> [CSVProductField: Int] {
        var positions: [String: Int] = [:]
        for (index, name) in header.enumerated() {
            let key = Self.key(name)
            if positions[key] == nil { positions[key] = index }
        }
        let aliasKeys = columns == Self.standard.columns ? Self.standardAliasKeys : columns.mapValues { $0.map(Self.key) }
        var resolved: [CSVProductField: Int] = [:]
        for (field, aliases) in aliasKeys {
            for alias in aliases {
                if let index = positions[alias] {
                    resolved[field] = index
                    break
                }
            }
        }
        return resolved
    }

    /// The comparison key of a header name: case and diacritics folded, letters and digits only.
    public static func key(_ header: String) -> String {
        if header.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (nearly every header): the same key without Foundation's folding, which dominates reading.
            var bytes: [UInt8] = []
            bytes.reserveCapacity(header.utf8.count)
            for byte in header.utf8 {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
                default: continue
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
        return String(
            header.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
                .unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
                .map(Character.init))
    }

    /// The comparison keys of ``standard``'s aliases, computed once.
    private static let standardAliasKeys = standard.columns.mapValues { $0.map(key) }

    /// Common English header names for every value.
    public static let standard = CSVColumnMapping([
        .barcode: ["barcode", "ean", "ean13", "ean code", "gtin", "upc", "code"],
        .title: ["title", "product name", "name", "product", "item name", "product title"],
        .brand: ["brand", "brands", "brand name"],
        .category: ["category", "categories", "product category", "department"],
        .size: ["size", "quantity", "net quantity", "net weight", "volume", "pack size", "content"],
        .sku: ["sku", "item number", "article number", "item code", "article"],
        .description: ["description", "short description", "summary"],
        .ingredients: ["ingredients", "ingredient list"],
        .allergens: ["allergens"],
        .servingSize: ["serving size", "serving"],
        .imageURL: ["image url", "image", "picture", "photo url"],
        .manufacturer: ["manufacturer", "maker", "producer", "brand owner"],
        .countryOfOrigin: ["country of origin", "origin"],
        .languages: ["languages", "language"],
        .keywords: ["keywords", "search keywords", "tags"],
        .energyKcal: ["energy kcal", "energy kcal 100g", "kcal", "calories"],
        .energyKJ: ["energy kj", "energy kj 100g", "kj"],
        .fat: ["fat", "fat g", "fat 100g"],
        .saturatedFat: ["saturated fat", "saturated fat g", "saturates"],
        .carbohydrates: ["carbohydrates", "carbohydrates g", "carbs"],
        .sugars: ["sugars", "sugars g", "sugar"],
        .fiber: ["fiber", "fibre", "fiber g", "fibre g"],
        .proteins: ["proteins", "protein", "proteins g", "protein g"],
        .salt: ["salt", "salt g"],
        .sodiumMg: ["sodium mg"],
        .revision: ["revision", "updated at", "last modified", "modified"],
    ])
}
