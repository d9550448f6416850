import Foundation
import InventoryKit
import InventorySync
import ProductModule

/// The query semantics written out plainly — a full filter and a full sort, no cleverness — as the oracle the
/// evaluators are checked against.
enum PlainProductQuery {
    typealias Item = (product: Product, syncState: SyncStatusKind?)

    /// Every item that matches, in query order.
    static func all(_ items: [Item], sort: ProductSortStrategy, filters: [ProductFilterStrategy]) -> [Product] {
        sorted(items.filter { item in filters.allSatisfy { matches($0, item.product, item.syncState) } }.map(\.product), sort)
    }

    /// The products in query order; each product's key is computed once (the same order as `precedes`).
    static func sorted(_ products: [Product], _ sort: ProductSortStrategy) -> [Product] {
        let decorated = products.map { product in
            (date: date(product, sort.key), text: text(product, sort.key), id: Array(product.productID.rawValue.utf8),
             product: product)
        }
        return decorated.sorted { lhs, rhs in
            var order = 0
            if let left = lhs.date, let right = rhs.date {
                order = compare(left, right)
            } else {
                order = compare(lhs.text, rhs.text)
            }
            if order != 0 { return sort.order == .ascending ? order < 0 : order > 0 }
            return lhs.id.lexicographicallyPrecedes(rhs.id)
        }.map(\.product)
    }

    private static func date(_ product: Product, _ key: ProductSortKey) -> Date? {
        switch key {
        case .updatedAt: product.updatedAt
        case .createdAt: product.createdAt
        case .title, .brand: nil
        }
    }

    private static func text(_ product: Product, _ key: ProductSortKey) -> [UInt8]? {
        switch key {
        case .title: product.title.map { Array(SemanticKey.normalize($0).utf8) }
        case .brand: product.brand.map { Array(SemanticKey.normalize($0).utf8) }
        case .updatedAt, .createdAt: nil
        }
    }

    static func matches(_ filter: ProductFilterStrategy, _ product: Product, _ syncState: SyncStatusKind?) -> Bool {
        switch filter {
        case .barcode(let raw):
            guard let canonical = try? GTIN.normalize(raw) else { return false }
            return product.barcode?.value == canonical
        case .brand(let brand):
            return product.brand.map(SemanticKey.normalize) == SemanticKey.normalize(brand)
        case .category(let main, let sub):
            return product.category?.main == main && (sub == nil || product.category?.sub == sub)
        case .text(let text):
            let needle = Array(SemanticKey.normalize(text).utf8)
            let parts = [product.title, product.brand].compactMap { $0 } + product.searchKeywords
            return needle.isEmpty || parts.contains { contains(Array(SemanticKey.normalize($0).utf8), needle) }
        case .titlePrefix(let prefix):
            guard let title = product.title else { return false }
            return Array(SemanticKey.normalize(title).utf8).starts(with: Array(SemanticKey.normalize(prefix).utf8))
        case .status(let status):
            return product.status == status
        case .syncState(let kind):
            return syncState == kind
        case .and(let filters):
            return filters.allSatisfy { matches($0, product, syncState) }
        case .or(let filters):
            return filters.contains { matches($0, product, syncState) }
        case .not(let inner):
            return !matches(inner, product, syncState)
        }
    }

    /// Whether `lhs` comes before `rhs`: the key (nulls first ascending, strings by bytes), then the id's bytes.
    static func precedes(_ lhs: Product, _ rhs: Product, _ sort: ProductSortStrategy) -> Bool {
        let order = compareKeys(lhs, rhs, sort.key)
        if order != 0 { return sort.order == .ascending ? order < 0 : order > 0 }
        return Array(lhs.productID.rawValue.utf8).lexicographicallyPrecedes(Array(rhs.productID.rawValue.utf8))
    }

    static func compareKeys(_ lhs: Product, _ rhs: Product, _ key: ProductSortKey) -> Int {
        switch key {
        case .updatedAt: return compare(lhs.updatedAt, rhs.updatedAt)
        case .createdAt: return compare(lhs.createdAt, rhs.createdAt)
        case .title: return compare(lhs.title.map(SemanticKey.normalize), rhs.title.map(SemanticKey.normalize))
        case .brand: return compare(lhs.brand.map(SemanticKey.normalize), rhs.brand.map(SemanticKey.normalize))
        }
    }

    private static func compare(_ lhs: Date, _ rhs: Date) -> Int {
        lhs < rhs ? -1 : (lhs == rhs ? 0 : 1)
    }

    private static func compare(_ lhs: String?, _ rhs: String?) -> Int {
        compare(lhs.map { Array($0.utf8) }, rhs.map { Array($0.utf8) })
    }

    private static func compare(_ lhs: [UInt8]?, _ rhs: [UInt8]?) -> Int {
        switch (lhs, rhs) {
        case (nil, nil): return 0
        case (nil, _): return -1
        case (_, nil): return 1
        case (let left?, let right?):
            if left == right { return 0 }
            return left.lexicographicallyPrecedes(right) ? -1 : 1
        }
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) {
            var matched = 0
            while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }
}
