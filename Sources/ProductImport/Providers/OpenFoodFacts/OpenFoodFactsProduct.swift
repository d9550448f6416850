import Foundation

/// An Open Food Facts product object (API v0–v3 `product`, or one element of a search result), as the provider
/// writes it.
///
/// Decoding is tolerant, field by field: a value of the wrong type is left out and noted in
/// `decodingWarnings` instead of failing the record; numbers written as strings are read as numbers. Encoding
/// writes Open Food Facts' own keys.
public struct OpenFoodFactsProduct: Hashable, Sendable, Codable {
    /// `code`: the barcode as Open Food Facts stores it.
    public var code: String?
    /// `product_name`.
    public var productName: String?
    /// `product_name_<lc>` values by language code (`"fr"`, `"en"`, …), empty ones included.
    public var localizedProductNames: [String: String]
    /// `generic_name`.
    public var genericName: String?
    /// `brands`: a comma-separated list.
    public var brands: String?
    /// `brand_owner`: the company owning the brand.
    public var brandOwner: String?
    /// `categories_tags`, general to specific.
    public var categoriesTags: [String]
    /// `categories`: the categories as typed, comma-separated.
    public var categories: String?
    /// `quantity`: the quantity as printed.
    public var quantity: String?
    /// `product_quantity`: the quantity as a number, in `productQuantityUnit`.
    public var productQuantity: Double?
    /// `product_quantity_unit`.
    public var productQuantityUnit: String?
    /// `serving_size`.
    public var servingSize: String?
    /// `nutriments`.
    public var nutriments: OpenFoodFactsNutriments
    /// `no_nutrition_data`: the label has no nutrition table.
    public var noNutritionData: Bool
    /// `allergens_tags`.
    public var allergensTags: [String]
    /// `ingredients_text`.
    public var ingredientsText: String?
    /// `labels_tags`: claims such as `en:organic`.
    public var labelsTags: [String]
    /// `image_front_url`.
    public var imageFrontURL: String?
    /// `image_ingredients_url`.
    public var imageIngredientsURL: String?
    /// `image_nutrition_url`.
    public var imageNutritionURL: String?
    /// `image_packaging_url`.
    public var imagePackagingURL: String?
    /// `lc`: the main language of the label.
    public var languageCode: String?
    /// `languages_codes`: the label's languages with how many fields each fills.
    public var languageFieldCounts: [String: Int]
    /// `last_modified_t`: when the record last changed.
    public var lastModified: Date?
    /// `rev`: the record's revision number.
    public var revision: Int?
    /// `product_type`: `food`, `beauty`, `petfood` or `product`.
    public var productType: String?
    /// What decoding noticed (values of the wrong type); not encoded.
    public var decodingWarnings: [ImportWarning]

    /// Creates a record; every value defaults to empty.
    public init(
        code: String? = nil, productName: String? = nil, localizedProductNames: [String: String] = [:],
        genericName: String? = nil, brands: String? = nil, brandOwner: String? = nil, categoriesTags: [String] = [],
        categories: String? = nil, quantity: String? = nil, productQuantity: Double? = nil,
        productQuantityUnit: String? = nil, servingSize: String? = nil,
        nutriments: OpenFoodFactsNutriments = OpenFoodFactsNutriments(), noNutritionData: Bool = false,
        allergensTags: [String] = [], ingredientsText: String? = nil, labelsTags: [String] = [],
        imageFrontURL: String? = nil, imageIngredientsURL: String? = nil, imageNutritionURL: String? = nil,
        imagePackagingURL: String? = nil, languageCode: String? = nil, languageFieldCounts: [String: Int] = [:],
        lastModified: Date? = nil, revision: Int? = nil, productType: String? = nil
    ) {
        self.code = code
        self.productName = productName
        self.localizedProductNames = localizedProductNames
        self.genericName = genericName
        self.brands = brands
        self.brandOwner = brandOwner
        self.categoriesTags = categoriesTags
        self.categories = categories
        self.quantity = quantity
        self.productQuantity = productQuantity
        self.productQuantityUnit = productQuantityUnit
        self.servingSize = servingSize
        self.nutriments = nutriments
        self.noNutritionData = noNutritionData
        self.allergensTags = allergensTags
        self.ingredientsText = ingredientsText
        self.labelsTags = labelsTags
        self.imageFrontURL = imageFrontURL
        self.imageIngredientsURL = imageIngredientsURL
        self.imageNutritionURL = imageNutritionURL
        self.imagePackagingURL = imagePackagingURL
        self.languageCode = languageCode
        self.languageFieldCounts = languageFieldCounts
        self.lastModified = lastModified
        self.revision = revision
        self.productType = productType
        decodingWarnings = []
    }

    private enum Key {
        static let code = "code"
        static let productName = "product_name"
        static let genericName = "generic_name"
        static let brands = "brands"
        static let brandOwner = "brand_owner"
        static let categoriesTags = "categories_tags"
        static let categories = "categories"
        static let quantity = "quantity"
        static let productQuantity = "product_quantity"
        static let productQuantityUnit = "product_quantity_unit"
        static let servingSize = "serving_size"
        static let nutriments = "nutriments"
        static let noNutritionData = "no_nutrition_data"
        static let allergensTags = "allergens_tags"
        static let ingredientsText = "ingredients_text"
        static let labelsTags = "labels_tags"
        static let imageFrontURL = "image_front_url"
        static let imageIngredientsURL = "image_ingredients_url"
        static let imageNutritionURL = "image_nutrition_url"
        static let imagePackagingURL = "image_packaging_url"
        static let languageCode = "lc"
        static let languagesCodes = "languages_codes"
        static let lastModified = "last_modified_t"
        static let revision = "rev"
        static let productType = "product_type"

        /// Every key above: the members ``OpenFoodFactsProduct/init(json:)`` reads, besides `product_name_<lc>`.
        static let all: Set<String> = [
            code, productName, genericName, brands, brandOwner, categoriesTags, categories, quantity, productQuantity,
            productQuantityUnit, servingSize, nutriments, noNutritionData, allergensTags, ingredientsText, labelsTags,
            imageFrontURL, imageIngredientsURL, imageNutritionURL, imagePackagingURL, languageCode, languagesCodes,
            lastModified, revision, productType,
        ]
        /// The prefix of the localized product names.
        static let localizedProductNamePrefix = "product_name_"
    }

    /// The members ``init(json:)`` reads, and of `nutriments` those ``OpenFoodFactsNutriments/init(json:)`` reads:
    /// parsing a product object through this filter gives the same record as parsing it whole.
    static let memberFilter = JSONMemberFilter(
        names: Key.all, prefixes: [Key.localizedProductNamePrefix],
        nested: [Key.nutriments: OpenFoodFactsNutriments.memberFilter])

    /// Reads a product object field by field.
    init(json object: [String: JSONValue]) {
        var reader = LenientObjectReader(object)
        code = reader.text(Key.code)
        productName = reader.text(Key.productName)
        var names: [String: String] = [:]
        // By name, so the warnings come in one order whatever the dictionary's (a filtered parse builds a smaller one).
        for key in object.keys.filter({ $0.hasPrefix(Key.localizedProductNamePrefix) }).sorted() {
            let language = String(key.dropFirst(Key.localizedProductNamePrefix.count))
            guard Self.isLanguageCode(language), let name = reader.text(key) else { continue }
            names[language] = name
        }
        localizedProductNames = names
        genericName = reader.text(Key.genericName)
        brands = reader.text(Key.brands)
        brandOwner = reader.text(Key.brandOwner)
        categoriesTags = reader.textList(Key.categoriesTags)
        categories = reader.text(Key.categories)
        quantity = reader.text(Key.quantity)
        productQuantity = reader.number(Key.productQuantity)
        productQuantityUnit = reader.text(Key.productQuantityUnit)
        servingSize = reader.text(Key.servingSize)
        nutriments = reader.object(Key.nutriments).map(OpenFoodFactsNutriments.init(json:)) ?? OpenFoodFactsNutriments()
        noNutritionData = reader.flag(Key.noNutritionData) ?? false
        allergensTags = reader.textList(Key.allergensTags)
        ingredientsText = reader.text(Key.ingredientsText)
        labelsTags = reader.textList(Key.labelsTags)
        imageFrontURL = reader.text(Key.imageFrontURL)
        imageIngredientsURL = reader.text(Key.imageIngredientsURL)
        imageNutritionURL = reader.text(Key.imageNutritionURL)
        imagePackagingURL = reader.text(Key.imagePackagingURL)
        languageCode = reader.text(Key.languageCode)
        var counts: [String: Int] = [:]
        if let languages = reader.object(Key.languagesCodes) {
            var countReader = LenientObjectReader(languages, prefix: Key.languagesCodes + ".")
            for language in languages.keys where Self.isLanguageCode(language) {
                counts[language] = countReader.integer(language) ?? 0
            }
            reader.warnings += countReader.warnings
        }
        languageFieldCounts = counts
        lastModified = reader.number(Key.lastModified).map { Date(timeIntervalSince1970: $0) }
        revision = reader.integer(Key.revision)
        productType = reader.text(Key.productType)
        decodingWarnings = reader.warnings + nutriments.decodingWarnings
    }

    /// Decodes tolerantly: a value of the wrong type is left out and noted in `decodingWarnings`.
    ///
    /// - Throws: `DecodingError` only when the input is not a JSON object at all.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard let object = value.objectValue else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an Open Food Facts product must be an object"))
        }
        self.init(json: object)
    }

    /// Encodes the record under Open Food Facts' keys.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicCodingKey.self)
        func put(_ key: String, _ list: [String]) throws {
            if !list.isEmpty { try container.encode(list, forKey: DynamicCodingKey(key)) }
        }
        try container.encodeIfPresent(code, forKey: DynamicCodingKey(Key.code))
        try container.encodeIfPresent(productName, forKey: DynamicCodingKey(Key.productName))
        for (language, name) in localizedProductNames.sorted(by: { $0.key < $1.key }) {
            try container.encode(name, forKey: DynamicCodingKey("product_name_\(language)"))
        }
        try container.encodeIfPresent(genericName, forKey: DynamicCodingKey(Key.genericName))
        try container.encodeIfPresent(brands, forKey: DynamicCodingKey(Key.brands))
        try container.encodeIfPresent(brandOwner, forKey: DynamicCodingKey(Key.brandOwner))
        try put(Key.categoriesTags, categoriesTags)
        try container.encodeIfPresent(categories, forKey: DynamicCodingKey(Key.categories))
        try container.encodeIfPresent(quantity, forKey: DynamicCodingKey(Key.quantity))
        try container.encodeIfPresent(productQuantity, forKey: DynamicCodingKey(Key.productQuantity))
        try container.encodeIfPresent(productQuantityUnit, forKey: DynamicCodingKey(Key.productQuantityUnit))
        try container.encodeIfPresent(servingSize, forKey: DynamicCodingKey(Key.servingSize))
        if !nutriments.isEmpty { try container.encode(nutriments, forKey: DynamicCodingKey(Key.nutriments)) }
        if noNutritionData { try container.encode("on", forKey: DynamicCodingKey(Key.noNutritionData)) }
        try put(Key.allergensTags, allergensTags)
        try container.encodeIfPresent(ingredientsText, forKey: DynamicCodingKey(Key.ingredientsText))
        try put(Key.labelsTags, labelsTags)
        try container.encodeIfPresent(imageFrontURL, forKey: DynamicCodingKey(Key.imageFrontURL))
        try container.encodeIfPresent(imageIngredientsURL, forKey: DynamicCodingKey(Key.imageIngredientsURL))
        try container.encodeIfPresent(imageNutritionURL, forKey: DynamicCodingKey(Key.imageNutritionURL))
        try container.encodeIfPresent(imagePackagingURL, forKey: DynamicCodingKey(Key.imagePackagingURL))
        try container.encodeIfPresent(languageCode, forKey: DynamicCodingKey(Key.languageCode))
        if !languageFieldCounts.isEmpty {
            try container.encode(languageFieldCounts, forKey: DynamicCodingKey(Key.languagesCodes))
        }
        if let lastModified {
            try container.encode(Int64(lastModified.timeIntervalSince1970.rounded()), forKey: DynamicCodingKey(Key.lastModified))
        }
        try container.encodeIfPresent(revision, forKey: DynamicCodingKey(Key.revision))
        try container.encodeIfPresent(productType, forKey: DynamicCodingKey(Key.productType))
    }

    /// Whether a text is a language code: two or three lowercase ASCII letters.
    static func isLanguageCode(_ text: String) -> Bool {
        (2...3).contains(text.utf8.count) && text.utf8.allSatisfy { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }
    }
}
