import Foundation

/// The values to write into an ``InventoryProduct`` instance of type `Product`; `nil` keeps the existing value.
///
/// The patch is generic over the client's product type so that the manufacturer, system requirements and source
/// code are the client's own types.
public struct InventoryProductPatch<Product: InventoryProduct>: Sendable {
    /// The new SKU, or `nil` to keep it.
    public var sku: String?
    /// The new identifiers (replacing the old list), or `nil` to keep them.
    public var identifiers: [ProductIdentifier]?
    /// The new title, or `nil` to keep it.
    public var title: String?
    /// The new summary, or `nil` to keep it.
    public var summary: String?
    /// The new product type, or `nil` to keep it.
    public var productType: String?
    /// The new classification, or `nil` to keep it.
    public var classification: String?
    /// The new genre, or `nil` to keep it.
    public var genre: String?
    /// The new manufacturer, or `nil` to keep it.
    public var manufacturer: Product.Manufacturer?
    /// The new publisher, or `nil` to keep it.
    public var publisher: String?
    /// The new developer, or `nil` to keep it.
    public var developer: String?
    /// The new creator, or `nil` to keep it.
    public var creator: String?
    /// The new release date, or `nil` to keep it.
    public var releaseDate: Date?
    /// The new production date, or `nil` to keep it.
    public var productionDate: Date?
    /// The new platform, or `nil` to keep it.
    public var platform: String?
    /// The new system requirements, or `nil` to keep them.
    public var systemRequirements: Product.SystemRequirements?
    /// The new product version label, or `nil` to keep it.
    public var productVersion: String?
    /// The new source code information, or `nil` to keep it.
    public var sourceCode: Product.SourceCode?
    /// The new related asset identifiers (replacing the old list), or `nil` to keep them.
    public var relatedAssetIDs: [UUID]?
    /// The new references (replacing the old dictionary), or `nil` to keep them.
    public var references: [String: String]?
    /// The new metadata (replacing the old dictionary), or `nil` to keep it.
    public var metadata: [String: String]?

    /// Creates a patch; every omitted value keeps the instance's current value.
    public init(
        sku: String? = nil, identifiers: [ProductIdentifier]? = nil, title: String? = nil,
        summary: String? = nil, productType: String? = nil, classification: String? = nil, genre: String? = nil,
        manufacturer: Product.Manufacturer? = nil, publisher: String? = nil, developer: String? = nil,
        creator: String? = nil, releaseDate: Date? = nil, productionDate: Date? = nil, platform: String? = nil,
        systemRequirements: Product.SystemRequirements? = nil, productVersion: String? = nil,
        sourceCode: Product.SourceCode? = nil, relatedAssetIDs: [UUID]? = nil, references: [String: String]? = nil,
        metadata: [String: String]? = nil
    ) {
        self.sku = sku
        self.identifiers = identifiers
        self.title = title
        self.summary = summary
        self.productType = productType
        self.classification = classification
        self.genre = genre
        self.manufacturer = manufacturer
        self.publisher = publisher
        self.developer = developer
        self.creator = creator
        self.releaseDate = releaseDate
        self.productionDate = productionDate
        self.platform = platform
        self.systemRequirements = systemRequirements
        self.productVersion = productVersion
        self.sourceCode = sourceCode
        self.relatedAssetIDs = relatedAssetIDs
        self.references = references
        self.metadata = metadata
    }

    /// Writes every non-`nil` value into `instance` and leaves the others untouched.
    public func apply(to instance: inout Product) {
        if let sku { instance.sku = sku }
        if let identifiers { instance.identifiers = identifiers }
        if let title { instance.title = title }
        if let summary { instance.summary = summary }
        if let productType { instance.productType = productType }
        if let classification { instance.classification = classification }
        if let genre { instance.genre = genre }
        if let manufacturer { instance.manufacturer = manufacturer }
        if let publisher { instance.publisher = publisher }
        if let developer { instance.developer = developer }
        if let creator { instance.creator = creator }
        if let releaseDate { instance.releaseDate = releaseDate }
        if let productionDate { instance.productionDate = productionDate }
        if let platform { instance.platform = platform }
        if let systemRequirements { instance.systemRequirements = systemRequirements }
        if let productVersion { instance.productVersion = productVersion }
        if let sourceCode { instance.sourceCode = sourceCode }
        if let relatedAssetIDs { instance.relatedAssetIDs = relatedAssetIDs }
        if let references { instance.references = references }
        if let metadata { instance.metadata = metadata }
    }
}
