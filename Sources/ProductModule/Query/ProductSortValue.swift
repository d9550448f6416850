import Foundation
import InventoryKit

/// A sort value in the store order of `FieldValue.compare`, unpacked for fast comparison.
///
/// Product sort values are only null, strings and dates, so comparing two of them, or one with any cursor
/// value, gives exactly what `FieldValue.compare` gives.
struct ProductSortValue: Sendable {
    /// 0 for null (and NaN doubles), 1 for numbers, 2 for strings: the rank `FieldValue` orders by first.
    let rank: UInt8
    /// The number, for rank 1.
    let number: Double
    /// The string, for rank 2.
    let string: String

    /// Unpacks a field value.
    init(_ value: FieldValue) {
        switch value {
        case .null:
            self.init(rank: 0, number: 0, string: "")
        case .string(let text):
            self.init(rank: 2, number: 0, string: text)
        case .bool, .int, .double, .date:
            if value.isNull {
                self.init(rank: 0, number: 0, string: "")
            } else {
                self.init(rank: 1, number: value.numericValue ?? 0, string: "")
            }
        }
    }

    /// A date's value.
    init(date: Date) {
        self.init(rank: 1, number: date.timeIntervalSinceReferenceDate, string: "")
    }

    /// A string's value, or null.
    init(text: String?) {
        if let text {
            self.init(rank: 2, number: 0, string: text)
        } else {
            self.init(rank: 0, number: 0, string: "")
        }
    }

    private init(rank: UInt8, number: Double, string: String) {
        self.rank = rank
        self.number = number
        self.string = string
    }

    /// The product's value for a sort key, as ``Product/indexedValue(of:)`` holds it.
    init(_ product: Product, key: ProductSortKey) {
        switch key {
        case .updatedAt: self.init(date: product.updatedAt)
        case .createdAt: self.init(date: product.createdAt)
        case .title: self.init(text: product.normalizedTitle)
        case .brand: self.init(text: product.normalizedBrand)
        }
    }

    /// Compares like `FieldValue.compare`: negative when `lhs` sorts first, zero when equal, positive otherwise.
    static func compare(_ lhs: ProductSortValue, _ rhs: ProductSortValue) -> Int {
        if lhs.rank != rhs.rank { return lhs.rank < rhs.rank ? -1 : 1 }
        switch lhs.rank {
        case 1:
            return lhs.number < rhs.number ? -1 : (lhs.number == rhs.number ? 0 : 1)
        case 2:
            if lhs.string == rhs.string { return 0 }
            return lhs.string.utf8.lexicographicallyPrecedes(rhs.string.utf8) ? -1 : 1
        default:
            return 0
        }
    }
}
