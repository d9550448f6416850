import Foundation
import InventoryKit
import ProductModule

extension ProvenanceField {
    /// Where a field lives in a `Product`.
    enum Slot: Sendable {
        case text(Access<String?>)
        case list(Access<[String]>)
        case category
        case packaging
        case manufacturer
        case images
        case references
        case foodText(any WritableKeyPath<FoodDetails, String?> & Sendable)
        case foodList(any WritableKeyPath<FoodDetails, [String]?> & Sendable)
        case nutrition
        case collectibleText(any WritableKeyPath<CollectibleDetails, String?> & Sendable)
        case collectibleDate(any WritableKeyPath<CollectibleDetails, Date?> & Sendable)
        case systemRequirements
        case sourceCode
    }

    /// Reads and writes one property of a product. Closures, not key paths: applying a key path copies the whole
    /// product (retaining everything it holds) for every field an import hashes.
    struct Access<Value>: Sendable {
        let get: @Sendable (Product) -> Value
        let set: @Sendable (inout Product, Value) -> Void
    }

    /// The field's place in a product, or `nil` for a name this version does not know.
    var slot: Slot? {
        switch self {
        case .title: .text(Access(get: { $0.title }, set: { $0.title = $1 }))
        case .brand: .text(Access(get: { $0.brand }, set: { $0.brand = $1 }))
        case .shortDescription: .text(Access(get: { $0.shortDescription }, set: { $0.shortDescription = $1 }))
        case .storageInstructions: .text(Access(get: { $0.storageInstructions }, set: { $0.storageInstructions = $1 }))
        case .size: .text(Access(get: { $0.size }, set: { $0.size = $1 }))
        case .countryOfOrigin: .text(Access(get: { $0.countryOfOrigin }, set: { $0.countryOfOrigin = $1 }))
        case .sku: .text(Access(get: { $0.sku }, set: { $0.sku = $1 }))
        case .certifications: .list(Access(get: { $0.certifications }, set: { $0.certifications = $1 }))
        case .languageCodes: .list(Access(get: { $0.languageCodes }, set: { $0.languageCodes = $1 }))
        case .searchKeywords: .list(Access(get: { $0.searchKeywords }, set: { $0.searchKeywords = $1 }))
        case .relatedBarcodes: .list(Access(get: { $0.relatedBarcodes }, set: { $0.relatedBarcodes = $1 }))
        case .category: .category
        case .packaging: .packaging
        case .manufacturer: .manufacturer
        case .images: .images
        case .references: .references
        case .ingredients: .foodList(\.ingredients)
        case .allergens: .foodList(\.allergens)
        case .servingSize: .foodText(\.servingSize)
        case .nutrition: .nutrition
        case .platform: .collectibleText(\.platform)
        case .publisher: .collectibleText(\.publisher)
        case .developer: .collectibleText(\.developer)
        case .creator: .collectibleText(\.creator)
        case .genre: .collectibleText(\.genre)
        case .productVersion: .collectibleText(\.productVersion)
        case .mediaFormat: .collectibleText(\.mediaFormat)
        case .releaseDate: .collectibleDate(\.releaseDate)
        case .productionDate: .collectibleDate(\.productionDate)
        case .systemRequirements: .systemRequirements
        case .sourceCode: .sourceCode
        default: nil
        }
    }

    /// Whether the field is one the merge rules know.
    public var isKnown: Bool { slot != nil }

    /// Whether edits after an import are detected through ``FieldProvenance/valueHash``. Images and references
    /// are shared by several providers (each keeps its own part), so a changed value there is not an edit.
    var tracksEdits: Bool {
        switch slot {
        case .images?, .references?, nil: false
        default: true
        }
    }

    /// Whether the product has a value for the field (an empty text or list counts as no value).
    public func isSet(in product: Product) -> Bool {
        canonicalText(in: product) != nil
    }

    /// Whether two products hold the same value for the field.
    public func hasSameValue(in first: Product, as second: Product) -> Bool {
        canonicalText(in: first) == canonicalText(in: second)
    }

    /// A fingerprint of the field's value (16 hex digits), or `nil` when the field is empty.
    ///
    /// Computed from a canonical text of the value that is the same on every platform, so replicas agree.
    public func valueHash(in product: Product) -> String? {
        guard let slot else { return nil }
        return Self.valueHash(of: slot, in: product)
    }

    /// The field's value as a person reads it, for reports (`nil` when empty).
    public func valueDescription(in product: Product) -> String? {
        canonicalText(in: product)?.replacingOccurrences(of: Self.separator, with: ", ")
    }

    /// Copies the field's value from `source` into `target`.
    ///
    /// - Returns: `false` when the target's details are of another kind (a food fact on a collectible) and nothing
    ///   was copied.
    @discardableResult
    public func copyValue(from source: Product, to target: inout Product) -> Bool {
        guard let slot else { return false }
        switch slot {
        case .text(let access): access.set(&target, access.get(source))
        case .list(let access): access.set(&target, access.get(source))
        case .category: target.category = source.category
        case .packaging: target.packaging = source.packaging
        case .manufacturer: target.manufacturer = source.manufacturer
        case .images: target.images = source.images
        case .references: target.references = source.references
        case .foodText(let path):
            return Self.updateFood(&target, like: source) { $0[keyPath: path] = source.productDetails?.foodDetails?[keyPath: path] }
        case .foodList(let path):
            return Self.updateFood(&target, like: source) { $0[keyPath: path] = source.productDetails?.foodDetails?[keyPath: path] }
        case .nutrition:
            return Self.updateFood(&target, like: source) {
                $0.nutritionPer100gOrMl = source.productDetails?.foodDetails?.nutritionPer100gOrMl
            }
        case .collectibleText(let path):
            return Self.updateCollectible(&target) { $0[keyPath: path] = source.productDetails?.collectibleDetails?[keyPath: path] }
        case .collectibleDate(let path):
            return Self.updateCollectible(&target) { $0[keyPath: path] = source.productDetails?.collectibleDetails?[keyPath: path] }
        case .systemRequirements:
            return Self.updateCollectible(&target) {
                $0.systemRequirements = source.productDetails?.collectibleDetails?.systemRequirements
            }
        case .sourceCode:
            return Self.updateCollectible(&target) { $0.sourceCode = source.productDetails?.collectibleDetails?.sourceCode }
        }
        return true
    }

    // MARK: - Details

    /// Changes the food details of `target`, creating them (of `source`'s kind) when it has none.
    private static func updateFood(
        _ target: inout Product, like source: Product, _ update: (inout FoodDetails) -> Void
    ) -> Bool {
        switch target.productDetails {
        case .food(let details):
            var changed = details ?? FoodDetails()
            update(&changed)
            target.productDetails = .food(changed)
        case .beverage(let details):
            var changed = details ?? FoodDetails()
            update(&changed)
            target.productDetails = .beverage(changed)
        case nil:
            var created = FoodDetails()
            update(&created)
            if case .beverage = source.productDetails {
                target.productDetails = .beverage(created)
            } else {
                target.productDetails = .food(created)
            }
        default:
            return false
        }
        return true
    }

    /// Changes the collectible details of `target`, creating them when it has none.
    private static func updateCollectible(_ target: inout Product, _ update: (inout CollectibleDetails) -> Void) -> Bool {
        switch target.productDetails {
        case .collectible(let details):
            var changed = details ?? CollectibleDetails()
            update(&changed)
            target.productDetails = .collectible(changed)
        case nil:
            var created = CollectibleDetails()
            update(&created)
            target.productDetails = .collectible(created)
        default:
            return false
        }
        return true
    }
}
