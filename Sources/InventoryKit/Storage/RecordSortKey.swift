import Foundation

/// One key of a query's sort order: an indexed field and a direction.
///
/// Stores always add the record id, ascending, as the final tiebreak, so the order is total and keyset
/// pagination never skips or repeats a record.
public struct RecordSortKey: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The direction of a sort key.
    public enum Order: String, Hashable, Sendable, Codable {
        /// Smallest first (nulls first).
        case ascending
        /// Largest first (nulls last).
        case descending
    }

    /// The indexed field to sort on.
    public var field: String
    /// The direction.
    public var order: Order

    /// Creates a sort key.
    public init(_ field: String, _ order: Order = .ascending) {
        self.field = field
        self.order = order
    }

    /// An ascending key on `field`.
    public static func ascending(_ field: String) -> RecordSortKey { RecordSortKey(field, .ascending) }
    /// A descending key on `field`.
    public static func descending(_ field: String) -> RecordSortKey { RecordSortKey(field, .descending) }

    /// `field asc` or `field desc`.
    public var description: String { "\(field) \(order == .ascending ? "asc" : "desc")" }
}
