import InventoryKit

extension ProductQuery {
    /// The store query over ``Product/indexedFields(syncState:)`` that returns the same page, for stores that
    /// execute `RecordQuery`s natively.
    ///
    /// The filters are AND-ed (a single filter is used as it is, none gives no filter); the sort is the key's
    /// indexed field, and stores add the record id ascending as the final tiebreak, which is the product id's
    /// byte order.
    ///
    /// - Throws: the errors of ``validate()``.
    package func recordQuery() throws(ProductQueryError) -> RecordQuery {
        try validate()
        let filter: RecordFilter?
        if filters.count == 1, let only = filters.first {
            filter = only.recordFilter
        } else {
            filter = filters.isEmpty ? nil : .and(filters.map(\.recordFilter))
        }
        return RecordQuery(filter: filter, sort: sort.recordSort, limit: page.limit, cursor: page.cursor?.recordCursor)
    }
}
