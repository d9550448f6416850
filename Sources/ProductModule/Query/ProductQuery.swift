import InventoryKit

/// A query over products: which page, in which order, and filters that must all hold.
///
/// ```swift
/// var query = ProductQuery(page: PageRequest(limit: 50), sort: .title(), filters: [.category(main: "food")])
/// let first = try ProductQueryEvaluator.page(products, query: query)
/// if let next = query.after(first.nextCursor) { query = next }
/// ```
public struct ProductQuery: Hashable, Sendable, Codable {
    /// The page to return.
    public var page: PageRequest
    /// The order; product id ascending always breaks ties.
    public var sort: ProductSortStrategy
    /// Conditions that must all hold (an empty list matches every product).
    public var filters: [ProductFilterStrategy]

    /// Creates a query; by default the first 50 products, newest change first, unfiltered.
    public init(
        page: PageRequest = PageRequest(), sort: ProductSortStrategy = .updatedAt(.descending),
        filters: [ProductFilterStrategy] = []
    ) {
        self.page = page
        self.sort = sort
        self.filters = filters
    }

    /// The same query starting at `cursor`, or `nil` when there is no next page.
    public func after(_ cursor: PageCursor?) -> ProductQuery? {
        guard let cursor else { return nil }
        var next = self
        next.page.cursor = cursor
        return next
    }

    /// Throws when the query cannot be executed; every store calls it before executing.
    ///
    /// - Throws: ``ProductQueryError/invalidLimit(_:)`` for a limit outside `1...PageRequest.maximumLimit`,
    ///   ``ProductQueryError/cursorMismatch(reason:)`` for a cursor made for another sort order, and
    ///   ``ProductQueryError/invalidCursor(reason:)`` for a cursor whose values do not fit its sort.
    public func validate() throws(ProductQueryError) {
        guard (1...PageRequest.maximumLimit).contains(page.limit) else { throw .invalidLimit(page.limit) }
        guard let cursor = page.cursor?.recordCursor else { return }
        let expected = sort.recordSort
        guard cursor.sort == expected else {
            let made = cursor.sort.map(\.description).joined(separator: ", ")
            throw .cursorMismatch(reason: "it was made for sort order [\(made)], not [\(sort)]")
        }
        guard cursor.values.count == expected.count else {
            throw .invalidCursor(reason: "it holds \(cursor.values.count) values for \(expected.count) sort keys")
        }
    }
}
