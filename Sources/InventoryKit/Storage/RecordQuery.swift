import Foundation

/// A query over one collection's indexed fields: a filter, a sort order, a page size and where to start.
///
/// Every ``MetadataStore`` executes it with the semantics of ``RecordQueryEvaluator``, the reference that the
/// conformance suite checks adapters against. Adapters translate it natively (SQL `WHERE`/`ORDER BY`/keyset);
/// a store that cannot execute part of a filter may fetch more and post-filter with the evaluator.
///
/// ```swift
/// let firstPage = RecordQuery(filter: .equals("brand", .string("acme")), sort: [.descending("updatedAt")], limit: 50)
/// let page = try await store.query(firstPage, in: "products")
/// let nextPage = firstPage.after(page.nextCursor)
/// ```
public struct RecordQuery: Hashable, Sendable, Codable {
    /// The largest page size a store must serve.
    public static let maximumLimit = 10_000

    /// The condition records must satisfy, or `nil` for all records.
    public var filter: RecordFilter?
    /// The sort order; the record id ascending is always added as the final tiebreak.
    public var sort: [RecordSortKey]
    /// The page size, 1 through ``maximumLimit``.
    public var limit: Int
    /// Where the page starts, or `nil` for the first page.
    public var cursor: RecordCursor?

    /// Creates a query.
    public init(filter: RecordFilter? = nil, sort: [RecordSortKey] = [], limit: Int = 100, cursor: RecordCursor? = nil) {
        self.filter = filter
        self.sort = sort
        self.limit = limit
        self.cursor = cursor
    }

    /// The same query, starting after `cursor` (or `nil` when there is no next page).
    public func after(_ cursor: RecordCursor?) -> RecordQuery? {
        guard let cursor else { return nil }
        var next = self
        next.cursor = cursor
        return next
    }

    /// Throws when the query cannot be executed; stores call this before executing.
    ///
    /// - Throws: ``StorageError/invalidQuery(reason:)`` for a limit out of range or an empty sort field name,
    ///   ``StorageError/invalidCursor(reason:)`` for a cursor made for another sort order.
    public func validate() throws(StorageError) {
        guard (1...Self.maximumLimit).contains(limit) else {
            throw .invalidQuery(reason: "limit \(limit) is outside 1...\(Self.maximumLimit)")
        }
        if sort.contains(where: { $0.field.isEmpty }) { throw .invalidQuery(reason: "a sort key has an empty field name") }
        if let cursor {
            guard cursor.sort == sort else {
                throw .invalidCursor(reason: "the cursor was made for sort order \(cursor.sort), not \(sort)")
            }
            guard cursor.values.count == sort.count else {
                throw .invalidCursor(reason: "the cursor holds \(cursor.values.count) values for \(sort.count) sort keys")
            }
        }
    }
}
