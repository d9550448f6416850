import InventoryKit

/// The order of a product query: one key and a direction, always tie-broken by product id ascending.
///
/// ```swift
/// ProductSortStrategy.updatedAt(.descending)   // newest first (the default)
/// ProductSortStrategy.title()                  // A to Z, untitled first
/// ```
public struct ProductSortStrategy: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The field to sort on.
    public var key: ProductSortKey
    /// The direction; nulls sort first ascending and last descending.
    public var order: RecordSortKey.Order

    /// Creates a sort strategy.
    public init(key: ProductSortKey, order: RecordSortKey.Order) {
        self.key = key
        self.order = order
    }

    /// By last change, newest first unless told otherwise.
    public static func updatedAt(_ order: RecordSortKey.Order = .descending) -> ProductSortStrategy {
        ProductSortStrategy(key: .updatedAt, order: order)
    }

    /// By creation time, newest first unless told otherwise.
    public static func createdAt(_ order: RecordSortKey.Order = .descending) -> ProductSortStrategy {
        ProductSortStrategy(key: .createdAt, order: order)
    }

    /// By normalized title, A to Z unless told otherwise.
    public static func title(_ order: RecordSortKey.Order = .ascending) -> ProductSortStrategy {
        ProductSortStrategy(key: .title, order: order)
    }

    /// By normalized brand, A to Z unless told otherwise.
    public static func brand(_ order: RecordSortKey.Order = .ascending) -> ProductSortStrategy {
        ProductSortStrategy(key: .brand, order: order)
    }

    /// The store sort order: the key's indexed field (stores add the id ascending as the final tiebreak).
    public var recordSort: [RecordSortKey] { [RecordSortKey(key.field.rawValue, order)] }

    /// `title asc`, `updatedAt desc`, ….
    public var description: String { "\(key.rawValue) \(order == .ascending ? "asc" : "desc")" }
}
