import Foundation
import InventoryKit

/// An index of a generic collection on two of its indexed fields — one compared for equality, one sorted — for a
/// query the app runs often: `RecordQuery(filter: .equals("status", …), sort: [.descending("updatedAt")])`.
///
/// The field index (``RecordFieldIndex``) serves every query, but for this shape it walks the sort field's order
/// and looks the filtered field up for each row walked, so a page reads as many rows as it takes to find its
/// matches. With the pair declared, the page is one range of a `(collection, equal value, sort value, id)` index:
/// it reads only its own rows, however few of the records match.
///
/// ```swift
/// let storage = try SQLiteStorage(
///     path: path, compositeIndexes: [SQLiteCompositeIndex("clients", equal: "status", sortedBy: "updatedAt")])
/// ```
///
/// A query uses the pair when its first sort key registered in the collection is `sortField` and its filter (or a
/// term of its top-level `and`) requires `equalField` to equal a non-null value. Its results are those of any
/// other plan. Each put or delete of a record of the collection (in either scope) writes one row more per
/// declared pair. Declare the same pairs wherever the file is opened: opening it builds the pairs declared and
/// removes the others.
public struct SQLiteCompositeIndex: Hashable, Sendable {
    /// The collection indexed, in both scopes.
    public var collection: RecordCollection
    /// The field a query compares for equality.
    public var equalField: String
    /// The field a query sorts by.
    public var sortField: String

    /// An index of `collection` on `equalField`'s values, each sorted by `sortField`.
    public init(_ collection: RecordCollection, equal equalField: String, sortedBy sortField: String) {
        self.collection = collection
        self.equalField = equalField
        self.sortField = sortField
    }
}
