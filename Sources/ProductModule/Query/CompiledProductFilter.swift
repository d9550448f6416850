import InventoryKit
import InventorySync

/// A ``ProductFilterStrategy`` with its input normalized once, evaluated directly on ``Product`` values with
/// the semantics of its `ProductFilterStrategy.recordFilter` over ``Product/indexedFields(syncState:)``.
indirect enum CompiledProductFilter: Sendable {
    /// Holds for every product.
    case always
    /// Holds for no product.
    case never
    /// The barcode equals the canonical digits.
    case barcode(String)
    /// The normalized brand equals the normalized text.
    case brand(String)
    /// The category ids equal these.
    case category(main: String, sub: String?)
    /// The normalized text (as UTF-8 bytes) is a substring of a normalized search part.
    case text([UInt8])
    /// The normalized title (as UTF-8 bytes) starts with the normalized text; no title never matches.
    case titlePrefix([UInt8])
    /// The status equals this one.
    case status(ProductStatus)
    /// The sync state equals this kind.
    case syncState(SyncStatusKind)
    /// Every filter holds.
    case and([CompiledProductFilter])
    /// Some filter holds.
    case or([CompiledProductFilter])
    /// The filter does not hold.
    case not(CompiledProductFilter)

    /// Compiles filters that must all hold.
    init(all filters: [ProductFilterStrategy]) {
        switch filters.count {
        case 0: self = .always
        case 1: self = filters.first.map(CompiledProductFilter.init) ?? .always
        default: self = .and(filters.map(CompiledProductFilter.init))
        }
    }

    /// Compiles one filter, normalizing its input.
    init(_ filter: ProductFilterStrategy) {
        switch filter {
        case .barcode(let raw):
            self = (try? GTIN.normalize(raw)).map(CompiledProductFilter.barcode) ?? .never
        case .brand(let brand): self = .brand(SemanticKey.normalize(brand))
        case .category(let main, let sub): self = .category(main: main, sub: sub)
        case .text(let text): self = .text(Array(SemanticKey.normalize(text).utf8))
        case .titlePrefix(let prefix): self = .titlePrefix(Array(SemanticKey.normalize(prefix).utf8))
        case .status(let status): self = .status(status)
        case .syncState(let kind): self = .syncState(kind)
        case .and(let filters): self = .and(filters.map(CompiledProductFilter.init))
        case .or(let filters): self = .or(filters.map(CompiledProductFilter.init))
        case .not(let filter): self = .not(CompiledProductFilter(filter))
        }
    }

    /// Whether the product satisfies the filter.
    func matches(_ product: Product, syncState: SyncStatusKind?) -> Bool {
        switch self {
        case .always:
            return true
        case .never:
            return false
        case .barcode(let value):
            return product.barcode?.value == value
        case .brand(let brand):
            guard let productBrand = product.brand else { return false }
            return SemanticKey.normalize(productBrand) == brand
        case .category(let main, let sub):
            guard let category = product.category, category.main == main else { return false }
            guard let sub else { return true }
            return category.sub == sub
        case .text(let text):
            return Self.searchPartsContain(text, product)
        case .titlePrefix(let prefix):
            guard var title = product.normalizedTitle else { return false }
            return title.withUTF8 { $0.starts(with: prefix) }
        case .status(let status):
            return product.status == status
        case .syncState(let kind):
            return syncState == kind
        case .and(let filters):
            return filters.allSatisfy { $0.matches(product, syncState: syncState) }
        case .or(let filters):
            return filters.contains { $0.matches(product, syncState: syncState) }
        case .not(let filter):
            return !filter.matches(product, syncState: syncState)
        }
    }

    /// Whether `needle` occurs in the product's search text: normalized text holds no line break, so it occurs
    /// in the joined text exactly when it occurs in one of its parts.
    private static func searchPartsContain(_ needle: [UInt8], _ product: Product) -> Bool {
        if needle.isEmpty { return true }
        func contains(_ part: String) -> Bool {
            var normalized = SemanticKey.normalize(part)
            return normalized.withUTF8 { haystack in Self.bytes(haystack, contain: needle) }
        }
        if let title = product.title, contains(title) { return true }
        if let brand = product.brand, contains(brand) { return true }
        return product.searchKeywords.contains(where: contains)
    }

    /// Whether `needle` (not empty) occurs in `haystack`, byte for byte.
    private static func bytes(_ haystack: UnsafeBufferPointer<UInt8>, contain needle: [UInt8]) -> Bool {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        let lastStart = haystack.count - needle.count
        var start = 0
        while start <= lastStart {
            if haystack[start] == first {
                var offset = 1
                while offset < needle.count, haystack[start + offset] == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
