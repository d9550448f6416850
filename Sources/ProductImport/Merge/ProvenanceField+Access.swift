import Foundation
import InventoryKit
import ProductModule

extension ProvenanceField {
    /// Where a field lives in a `Product`.
    enum Slot {
        case text(WritableKeyPath<Product, String?>)
        case list(WritableKeyPath<Product, [String]>)
        case category
        case packaging
        case manufacturer
        case images
        case references
        case foodText(WritableKeyPath<FoodDetails, String?>)
        case foodList(WritableKeyPath<FoodDetails, [String]?>)
        case nutrition
        case collectibleText(WritableKeyPath<CollectibleDetails, String?>)
        case collectibleDate(WritableKeyPath<CollectibleDetails, Date?>)
        case systemRequirements
        case sourceCode
    }

    /// The field's place in a product, or `nil` for a name this version does not know.
    var slot: Slot? {
        switch self {
        case .title: .text(\.title)
        case .brand: .text(\.brand)
        case .shortDescription: .text(\.shortDescription)
        case .storageInstructions: .text(\.storageInstructions)
        case .size: .text(\.size)
        case .countryOfOrigin: .text(\.countryOfOrigin)
        case .sku: .text(\.sku)
        case .certifications: .list(\.certifications)
        case .languageCodes: .list(\.languageCodes)
        case .searchKeywords: .list(\.searchKeywords)
        case .relatedBarcodes: .list(\.relatedBarcodes)
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
        canonicalText(in: product).map(Self.fnv1a64)
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
        case .text(let path): target[keyPath: path] = source[keyPath: path]
        case .list(let path): target[keyPath: path] = source[keyPath: path]
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

    // MARK: - Canonical text

    static let separator = "\u{1F}"

    /// The value as a canonical text, `nil` when empty. Equal values give equal texts on every platform.
    func canonicalText(in product: Product) -> String? {
        guard let slot else { return nil }
        lazy var food = product.productDetails?.foodDetails
        lazy var collectible = product.productDetails?.collectibleDetails
        switch slot {
        case .text(let path): return Self.text(product[keyPath: path])
        case .list(let path): return Self.list(product[keyPath: path])
        case .category:
            guard let category = product.category else { return nil }
            return Self.join([category.main, category.sub ?? ""])
        case .packaging:
            guard let packaging = product.packaging else { return nil }
            return Self.join([
                packaging.quantity.map { "\($0)" } ?? "", packaging.unit?.name ?? "",
                packaging.count.map { "\($0)" } ?? "", packaging.displayText ?? "",
            ])
        case .manufacturer:
            guard let manufacturer = product.manufacturer else { return nil }
            return Self.join([manufacturer.name, manufacturer.id.uuidString.lowercased()])
        case .images:
            guard !product.images.isEmpty else { return nil }
            return Self.join(product.images.map { Self.join([$0.id, $0.kind.rawValue, $0.url?.absoluteString ?? "", $0.path ?? ""]) })
        case .references:
            guard !product.references.isEmpty else { return nil }
            return Self.join(product.references.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        case .foodText(let path): return Self.text(food?[keyPath: path])
        case .foodList(let path): return Self.list(food?[keyPath: path] ?? [])
        case .nutrition:
            guard let facts = food?.nutritionPer100gOrMl else { return nil }
            let values = [
                facts.energyKcal, facts.proteinG, facts.fatG, facts.saturatedFatG, facts.carbsG, facts.sugarsG,
                facts.fiberG, facts.saltG, facts.sodiumMg,
            ]
            guard values.contains(where: { $0 != nil }) else { return nil }
            return Self.join(values.map { $0.map { "\($0)" } ?? "" })
        case .collectibleText(let path): return Self.text(collectible?[keyPath: path])
        case .collectibleDate(let path):
            return collectible?[keyPath: path].map { "\($0.timeIntervalSinceReferenceDate)" }
        case .systemRequirements:
            guard let requirements = collectible?.systemRequirements else { return nil }
            let parts: [String?] = [
                requirements.minMemory.map { "\($0)" }, requirements.recommendedMemory.map { "\($0)" },
                requirements.cpuFamily, requirements.minCpuSpeedMHz.map { "\($0)" }, requirements.video,
                requirements.audio, requirements.osName, requirements.minOsVersion,
                requirements.minStorage.map { "\($0)" }, requirements.notes,
            ]
            guard parts.contains(where: { $0 != nil }) else { return nil }
            return Self.join(parts.map { $0 ?? "" })
        case .sourceCode:
            guard let code = collectible?.sourceCode else { return nil }
            let parts: [String?] = [
                code.url?.absoluteString, code.notes, code.dateOpened.map { "\($0.timeIntervalSinceReferenceDate)" },
                code.license,
            ]
            guard parts.contains(where: { $0 != nil }) else { return nil }
            return Self.join(parts.map { $0 ?? "" })
        }
    }

    private static func text(_ value: String?) -> String? {
        guard let value, !value.isEmpty else { return nil }
        return value
    }

    private static func list(_ values: [String]) -> String? {
        values.isEmpty ? nil : join(values)
    }

    private static func join(_ parts: [String]) -> String {
        parts.joined(separator: separator)
    }

    /// 64-bit FNV-1a of the UTF-8 bytes, as 16 lowercase hex digits.
    static func fnv1a64(_ text: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
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
