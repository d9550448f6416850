import Foundation
import InventoryKit

/// A product in the catalogue: what it is, independent of how many a household holds.
///
/// ## Identity
/// ``productID`` never changes. A product with a barcode has the barcode's canonical digits as its id; one
/// without gets a generated `prd_<uuid>` id, and moves to a barcode id with ``withBarcodeMigration(_:now:)``.
/// Make new products with
/// ``new(barcode:symbology:title:brand:shortDescription:category:productDetails:packaging:source:status:id:now:)``,
/// which applies that rule, and check any product with ``validate()`` and every update with
/// ``validateTransition(from:)``.
///
/// ## Coding
/// Encoded with the property names as keys (see the module's canonical JSON). Decoding is tolerant for schema
/// evolution: a missing optional field reads as `nil` and a missing list or map as empty, and unknown keys are
/// ignored; only `productID`, `createdAt`, `updatedAt`, `version`, `source` and `status` are required. Decoding
/// validates ids and barcodes but not the other rules: call ``validate()``.
public struct Product: Sendable, Codable, Hashable {
    /// The product's identity: its normalized barcode, or a generated id.
    public let productID: ProductID
    /// The primary barcode; when present, ``productID`` equals its value.
    public var barcode: Barcode?
    /// The display title.
    public var title: String?
    /// The brand.
    public var brand: String?
    /// A short description.
    public var shortDescription: String?
    /// How to store the product.
    public var storageInstructions: String?
    /// The category ids.
    public var category: ProductCategory?
    /// Category-specific details.
    public var productDetails: ProductDetails?
    /// How the product is packed.
    public var packaging: ProductPackaging?
    /// The size as printed, such as `"1L"`.
    public var size: String?
    /// Images of the product; ids are unique.
    public var images: [ProductImage]
    /// Extra key–value data with no dedicated field.
    public var attributes: [String: String]
    /// Where extracted data came from.
    public var extractionMetadata: ProductExtractionMetadata?
    /// How complete the data is.
    public var qualitySignals: ProductQualitySignals?
    /// Regulatory facts.
    public var compliance: ProductCompliance?
    /// How the data entered the catalogue.
    public var source: ProductSource
    /// Where the product stands in its lifecycle.
    public var status: ProductStatus
    /// The manufacturer.
    public var manufacturer: StandardManufacturer?
    /// The country of origin (ISO 3166-1 code or name as printed).
    public var countryOfOrigin: String?
    /// Claims such as `"organic"`, `"vegan"`, `"halal"`.
    public var certifications: [String]
    /// The languages on the label (BCP 47 codes).
    public var languageCodes: [String]
    /// Extra words to find the product by.
    public var searchKeywords: [String]
    /// Other canonical GTINs of the same product (multi-packs, regional variants); never its identity.
    public var relatedBarcodes: [String]
    /// The stock keeping unit assigned by a seller.
    public var sku: String?
    /// Identifiers other than GTINs: serial numbers, QR and NFC payloads, library references.
    public var additionalIdentifiers: [ProductIdentifier]
    /// References to external catalogues, keyed by catalogue name.
    public var references: [String: String]
    /// Ids of related assets (images, manuals) kept in a data store.
    public var relatedAssetIDs: [UUID]
    /// When the product was created; never changes.
    public var createdAt: Date
    /// When the product last changed; never moves back.
    public var updatedAt: Date
    /// The record version: 1 when created, +1 on every successful change.
    public var version: Int

    /// Creates a product with every field given; everything but the id and dates has a default.
    ///
    /// This does not apply the identity rule: prefer
    /// ``new(barcode:symbology:title:brand:shortDescription:category:productDetails:packaging:source:status:id:now:)``
    /// for new products, and call ``validate()`` on products built here.
    public init(
        productID: ProductID, barcode: Barcode? = nil, title: String? = nil, brand: String? = nil,
        shortDescription: String? = nil, storageInstructions: String? = nil, category: ProductCategory? = nil,
        productDetails: ProductDetails? = nil, packaging: ProductPackaging? = nil, size: String? = nil,
        images: [ProductImage] = [], attributes: [String: String] = [:],
        extractionMetadata: ProductExtractionMetadata? = nil, qualitySignals: ProductQualitySignals? = nil,
        compliance: ProductCompliance? = nil, source: ProductSource = .manual, status: ProductStatus = .active,
        manufacturer: StandardManufacturer? = nil, countryOfOrigin: String? = nil, certifications: [String] = [],
        languageCodes: [String] = [], searchKeywords: [String] = [], relatedBarcodes: [String] = [],
        sku: String? = nil, additionalIdentifiers: [ProductIdentifier] = [], references: [String: String] = [:],
        relatedAssetIDs: [UUID] = [], createdAt: Date, updatedAt: Date, version: Int = 1
    ) {
        self.productID = productID
        self.barcode = barcode
        self.title = title
        self.brand = brand
        self.shortDescription = shortDescription
        self.storageInstructions = storageInstructions
        self.category = category
        self.productDetails = productDetails
        self.packaging = packaging
        self.size = size
        self.images = images
        self.attributes = attributes
        self.extractionMetadata = extractionMetadata
        self.qualitySignals = qualitySignals
        self.compliance = compliance
        self.source = source
        self.status = status
        self.manufacturer = manufacturer
        self.countryOfOrigin = countryOfOrigin
        self.certifications = certifications
        self.languageCodes = languageCodes
        self.searchKeywords = searchKeywords
        self.relatedBarcodes = relatedBarcodes
        self.sku = sku
        self.additionalIdentifiers = additionalIdentifiers
        self.references = references
        self.relatedAssetIDs = relatedAssetIDs
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.version = version
    }

    /// The same product under another id, every other field kept.
    func replacingProductID(with newID: ProductID) -> Product {
        Product(
            productID: newID, barcode: barcode, title: title, brand: brand, shortDescription: shortDescription,
            storageInstructions: storageInstructions, category: category, productDetails: productDetails,
            packaging: packaging, size: size, images: images, attributes: attributes,
            extractionMetadata: extractionMetadata, qualitySignals: qualitySignals, compliance: compliance,
            source: source, status: status, manufacturer: manufacturer, countryOfOrigin: countryOfOrigin,
            certifications: certifications, languageCodes: languageCodes, searchKeywords: searchKeywords,
            relatedBarcodes: relatedBarcodes, sku: sku, additionalIdentifiers: additionalIdentifiers,
            references: references, relatedAssetIDs: relatedAssetIDs, createdAt: createdAt, updatedAt: updatedAt,
            version: version)
    }

    // MARK: - Coding

    private enum CodingKeys: String, CodingKey {
        case productID = "productId", barcode, title, brand, shortDescription, storageInstructions, category, productDetails
        case packaging, size, images, attributes, extractionMetadata, qualitySignals, compliance, source, status
        case manufacturer, countryOfOrigin, certifications, languageCodes, searchKeywords, relatedBarcodes, sku
        case additionalIdentifiers, references, relatedAssetIDs, createdAt, updatedAt, version
    }

    /// Decodes a product, tolerating missing optional fields, lists and maps, and ignoring unknown keys.
    ///
    /// - Throws: `DecodingError` when a required key (`productID`, `createdAt`, `updatedAt`, `version`,
    ///   `source`, `status`) is missing, a value has the wrong type, or an id or barcode is invalid.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        productID = try container.decode(ProductID.self, forKey: .productID)
        barcode = try container.decodeIfPresent(Barcode.self, forKey: .barcode)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        brand = try container.decodeIfPresent(String.self, forKey: .brand)
        shortDescription = try container.decodeIfPresent(String.self, forKey: .shortDescription)
        storageInstructions = try container.decodeIfPresent(String.self, forKey: .storageInstructions)
        category = try container.decodeIfPresent(ProductCategory.self, forKey: .category)
        productDetails = try container.decodeIfPresent(ProductDetails.self, forKey: .productDetails)
        packaging = try container.decodeIfPresent(ProductPackaging.self, forKey: .packaging)
        size = try container.decodeIfPresent(String.self, forKey: .size)
        images = try container.decodeIfPresent([ProductImage].self, forKey: .images) ?? []
        attributes = try container.decodeIfPresent([String: String].self, forKey: .attributes) ?? [:]
        extractionMetadata = try container.decodeIfPresent(ProductExtractionMetadata.self, forKey: .extractionMetadata)
        qualitySignals = try container.decodeIfPresent(ProductQualitySignals.self, forKey: .qualitySignals)
        compliance = try container.decodeIfPresent(ProductCompliance.self, forKey: .compliance)
        source = try container.decode(ProductSource.self, forKey: .source)
        status = try container.decode(ProductStatus.self, forKey: .status)
        manufacturer = try container.decodeIfPresent(StandardManufacturer.self, forKey: .manufacturer)
        countryOfOrigin = try container.decodeIfPresent(String.self, forKey: .countryOfOrigin)
        certifications = try container.decodeIfPresent([String].self, forKey: .certifications) ?? []
        languageCodes = try container.decodeIfPresent([String].self, forKey: .languageCodes) ?? []
        searchKeywords = try container.decodeIfPresent([String].self, forKey: .searchKeywords) ?? []
        relatedBarcodes = try container.decodeIfPresent([String].self, forKey: .relatedBarcodes) ?? []
        sku = try container.decodeIfPresent(String.self, forKey: .sku)
        additionalIdentifiers =
            try container.decodeIfPresent([ProductIdentifier].self, forKey: .additionalIdentifiers) ?? []
        references = try container.decodeIfPresent([String: String].self, forKey: .references) ?? [:]
        relatedAssetIDs = try container.decodeIfPresent([UUID].self, forKey: .relatedAssetIDs) ?? []
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        updatedAt = try container.decode(Date.self, forKey: .updatedAt)
        version = try container.decode(Int.self, forKey: .version)
    }

    /// Encodes the product; `nil` fields are left out, lists and maps are always written.
    ///
    /// - Throws: the encoder's error (for example a non-finite number under `RecordCoding`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(productID, forKey: .productID)
        try container.encodeIfPresent(barcode, forKey: .barcode)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(brand, forKey: .brand)
        try container.encodeIfPresent(shortDescription, forKey: .shortDescription)
        try container.encodeIfPresent(storageInstructions, forKey: .storageInstructions)
        try container.encodeIfPresent(category, forKey: .category)
        try container.encodeIfPresent(productDetails, forKey: .productDetails)
        try container.encodeIfPresent(packaging, forKey: .packaging)
        try container.encodeIfPresent(size, forKey: .size)
        try container.encode(images, forKey: .images)
        try container.encode(attributes, forKey: .attributes)
        try container.encodeIfPresent(extractionMetadata, forKey: .extractionMetadata)
        try container.encodeIfPresent(qualitySignals, forKey: .qualitySignals)
        try container.encodeIfPresent(compliance, forKey: .compliance)
        try container.encode(source, forKey: .source)
        try container.encode(status, forKey: .status)
        try container.encodeIfPresent(manufacturer, forKey: .manufacturer)
        try container.encodeIfPresent(countryOfOrigin, forKey: .countryOfOrigin)
        try container.encode(certifications, forKey: .certifications)
        try container.encode(languageCodes, forKey: .languageCodes)
        try container.encode(searchKeywords, forKey: .searchKeywords)
        try container.encode(relatedBarcodes, forKey: .relatedBarcodes)
        try container.encodeIfPresent(sku, forKey: .sku)
        try container.encode(additionalIdentifiers, forKey: .additionalIdentifiers)
        try container.encode(references, forKey: .references)
        try container.encode(relatedAssetIDs, forKey: .relatedAssetIDs)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(version, forKey: .version)
    }
}
