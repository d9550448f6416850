import Foundation
import InventoryKit

/// `Product` is an `InventoryProduct`, so ``InventoryConfigurator`` and every kit service can fill it.
///
/// The protocol's fields map onto the product's own: `summary` is ``Product/shortDescription``, `metadata` is
/// ``Product/attributes``, `productType` and `classification` are the ``Product/category``'s `main` and `sub`,
/// and the software and hardware fields (`platform`, `publisher`, `releaseDate`, …) live in
/// ``ProductDetails/collectible(_:)`` details. `identifiers` is the barcode, the related barcodes and the
/// additional identifiers together; see ``identifiers`` for how setting them keeps the product's identity.
extension Product: InventoryProduct {
    /// The manufacturer type: the kit's ready-made one.
    public typealias Manufacturer = StandardManufacturer
    /// The system requirements type: the kit's ready-made one.
    public typealias SystemRequirements = StandardSystemRequirements
    /// The source code type: the kit's ready-made one.
    public typealias SourceCode = StandardSourceCode

    /// The product's identity, ``productID``.
    public var id: ProductID { productID }

    /// ``shortDescription`` under the protocol's name.
    public var summary: String? {
        get { shortDescription }
        set { shortDescription = newValue }
    }

    /// ``attributes`` under the protocol's name.
    public var metadata: [String: String] {
        get { attributes }
        set { attributes = newValue }
    }

    /// The category's main id; setting `nil` removes the whole category.
    ///
    /// A category made by setting only ``classification`` has an empty main id, which reads as `nil` here.
    public var productType: String? {
        get {
            guard let main = category?.main, !main.isEmpty else { return nil }
            return main
        }
        set {
            guard let newValue else {
                category = nil
                return
            }
            category = ProductCategory(main: newValue, sub: category?.sub)
        }
    }

    /// The category's sub id; setting a value on a product without a category makes one with an empty main id.
    public var classification: String? {
        get { category?.sub }
        set {
            if category != nil {
                category?.sub = newValue
            } else if let newValue {
                category = ProductCategory(main: "", sub: newValue)
            }
        }
    }

    /// The barcode, then the related barcodes (both as `ProductIdentifierKind.gtin`), then the additional
    /// identifiers.
    ///
    /// Setting never changes the product's identity: the first GTIN equal to the current barcode stays the
    /// barcode and the barcode is kept even when the list leaves it out; every other GTIN becomes a related
    /// barcode, and other kinds become ``additionalIdentifiers``. A barcode-less product never gains a barcode
    /// this way (use ``withBarcodeMigration(_:now:)``). The list reads back in the order above.
    public var identifiers: [ProductIdentifier] {
        get {
            var result: [ProductIdentifier] = []
            result.reserveCapacity(1 + relatedBarcodes.count + additionalIdentifiers.count)
            if let barcode, let identifier = try? ProductIdentifier.gtin(barcode.value) { result.append(identifier) }
            for related in relatedBarcodes {
                if let identifier = try? ProductIdentifier.gtin(related) { result.append(identifier) }
            }
            result += additionalIdentifiers
            return result
        }
        set {
            var barcodeSeen = false
            var related: [String] = []
            var others: [ProductIdentifier] = []
            for identifier in newValue {
                guard identifier.kind == .gtin else {
                    others.append(identifier)
                    continue
                }
                if !barcodeSeen, identifier.value == barcode?.value {
                    barcodeSeen = true
                } else {
                    related.append(identifier.value)
                }
            }
            relatedBarcodes = related
            additionalIdentifiers = others
        }
    }

    /// The collectible details' genre.
    public var genre: String? {
        get { collectible?.genre }
        set { setCollectible(\.genre, newValue) }
    }

    /// The collectible details' publisher.
    public var publisher: String? {
        get { collectible?.publisher }
        set { setCollectible(\.publisher, newValue) }
    }

    /// The collectible details' developer.
    public var developer: String? {
        get { collectible?.developer }
        set { setCollectible(\.developer, newValue) }
    }

    /// The collectible details' creator.
    public var creator: String? {
        get { collectible?.creator }
        set { setCollectible(\.creator, newValue) }
    }

    /// The collectible details' release date.
    public var releaseDate: Date? {
        get { collectible?.releaseDate }
        set { setCollectible(\.releaseDate, newValue) }
    }

    /// The collectible details' production date.
    public var productionDate: Date? {
        get { collectible?.productionDate }
        set { setCollectible(\.productionDate, newValue) }
    }

    /// The collectible details' platform.
    public var platform: String? {
        get { collectible?.platform }
        set { setCollectible(\.platform, newValue) }
    }

    /// The collectible details' version or edition label.
    public var productVersion: String? {
        get { collectible?.productVersion }
        set { setCollectible(\.productVersion, newValue) }
    }

    /// The collectible details' system requirements.
    public var systemRequirements: StandardSystemRequirements? {
        get { collectible?.systemRequirements }
        set { setCollectible(\.systemRequirements, newValue) }
    }

    /// The collectible details' source code.
    public var sourceCode: StandardSourceCode? {
        get { collectible?.sourceCode }
        set { setCollectible(\.sourceCode, newValue) }
    }

    // MARK: - Collectible details

    private var collectible: CollectibleDetails? { productDetails?.collectibleDetails }

    /// Writes one collectible field: a non-`nil` value switches other details to collectible ones, a `nil` value
    /// on a product without collectible details changes nothing.
    private mutating func setCollectible<Value>(_ field: WritableKeyPath<CollectibleDetails, Value?>, _ value: Value?) {
        var details: CollectibleDetails
        switch productDetails {
        case .collectible(let current?):
            details = current
        case .collectible(nil):
            guard value != nil else { return }
            details = CollectibleDetails()
        default:
            guard value != nil else { return }
            details = CollectibleDetails()
        }
        details[keyPath: field] = value
        productDetails = .collectible(details)
    }
}
