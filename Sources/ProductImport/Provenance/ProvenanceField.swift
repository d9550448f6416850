import Foundation

/// A unit of product data whose origin provenance tracks and whose value the merge rules treat as one piece.
///
/// Most are `Product` fields (`title`, `brand`, `category`, …); label and collectible details are tracked per
/// fact (`ingredients`, `allergens`, `nutrition`, `platform`, `systemRequirements`, …), because two providers
/// often know different facts of one label. Nutrition is one unit: values from two labels never mix.
///
/// Encoded as its name. Names this version does not know decode and round-trip unchanged, so data written by a
/// newer kit is kept; the merge rules ignore them.
public struct ProvenanceField: RawRepresentable, Hashable, Comparable, Sendable, Codable, CodingKeyRepresentable,
    ExpressibleByStringLiteral, CustomStringConvertible
{
    /// The field's name.
    public let rawValue: String

    /// Wraps a name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a literal name.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// Wraps a coding key's name.
    public init?<T: CodingKey>(codingKey: T) {
        rawValue = codingKey.stringValue
    }

    /// The name as a coding key, so maps keyed by field encode as JSON objects.
    public var codingKey: any CodingKey { FieldKey(stringValue: rawValue) }

    /// The field's name.
    public var description: String { rawValue }

    /// Orders fields by name.
    public static func < (lhs: ProvenanceField, rhs: ProvenanceField) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Decodes a field from its name.
    ///
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the field as its name.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private struct FieldKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    // MARK: - Product fields

    /// `Product/title`.
    public static let title: ProvenanceField = "title"
    /// `Product/brand`.
    public static let brand: ProvenanceField = "brand"
    /// `Product/shortDescription`.
    public static let shortDescription: ProvenanceField = "shortDescription"
    /// `Product/storageInstructions`.
    public static let storageInstructions: ProvenanceField = "storageInstructions"
    /// `Product/category`.
    public static let category: ProvenanceField = "category"
    /// `Product/packaging`.
    public static let packaging: ProvenanceField = "packaging"
    /// `Product/size`.
    public static let size: ProvenanceField = "size"
    /// `Product/images`; merged per provider (a provider replaces only its own images).
    public static let images: ProvenanceField = "images"
    /// `Product/manufacturer`.
    public static let manufacturer: ProvenanceField = "manufacturer"
    /// `Product/countryOfOrigin`.
    public static let countryOfOrigin: ProvenanceField = "countryOfOrigin"
    /// `Product/certifications`.
    public static let certifications: ProvenanceField = "certifications"
    /// `Product/languageCodes`.
    public static let languageCodes: ProvenanceField = "languageCodes"
    /// `Product/searchKeywords`.
    public static let searchKeywords: ProvenanceField = "searchKeywords"
    /// `Product/relatedBarcodes`.
    public static let relatedBarcodes: ProvenanceField = "relatedBarcodes"
    /// `Product/sku`.
    public static let sku: ProvenanceField = "sku"
    /// `Product/references`; merged per key (each provider adds its own catalogue reference).
    public static let references: ProvenanceField = "references"

    // MARK: - Food and beverage label facts

    /// `FoodDetails/ingredients`.
    public static let ingredients: ProvenanceField = "ingredients"
    /// `FoodDetails/allergens`.
    public static let allergens: ProvenanceField = "allergens"
    /// `FoodDetails/servingSize`.
    public static let servingSize: ProvenanceField = "servingSize"
    /// `FoodDetails/nutritionPer100gOrMl`, as one unit.
    public static let nutrition: ProvenanceField = "nutrition"

    // MARK: - Collectible facts

    /// `CollectibleDetails/platform`.
    public static let platform: ProvenanceField = "platform"
    /// `CollectibleDetails/publisher`.
    public static let publisher: ProvenanceField = "publisher"
    /// `CollectibleDetails/developer`.
    public static let developer: ProvenanceField = "developer"
    /// `CollectibleDetails/creator`.
    public static let creator: ProvenanceField = "creator"
    /// `CollectibleDetails/genre`.
    public static let genre: ProvenanceField = "genre"
    /// `CollectibleDetails/productVersion`.
    public static let productVersion: ProvenanceField = "productVersion"
    /// `CollectibleDetails/mediaFormat`.
    public static let mediaFormat: ProvenanceField = "mediaFormat"
    /// `CollectibleDetails/releaseDate`.
    public static let releaseDate: ProvenanceField = "releaseDate"
    /// `CollectibleDetails/productionDate`.
    public static let productionDate: ProvenanceField = "productionDate"
    /// `CollectibleDetails/systemRequirements`.
    public static let systemRequirements: ProvenanceField = "systemRequirements"
    /// `CollectibleDetails/sourceCode`.
    public static let sourceCode: ProvenanceField = "sourceCode"

    /// Every field the merge rules know, in a stable order.
    public static let allKnown: [ProvenanceField] = [
        .title, .brand, .shortDescription, .storageInstructions, .category, .packaging, .size, .images,
        .manufacturer, .countryOfOrigin, .certifications, .languageCodes, .searchKeywords, .relatedBarcodes, .sku,
        .references, .ingredients, .allergens, .servingSize, .nutrition, .platform, .publisher, .developer, .creator,
        .genre, .productVersion, .mediaFormat, .releaseDate, .productionDate, .systemRequirements, .sourceCode,
    ]
}
