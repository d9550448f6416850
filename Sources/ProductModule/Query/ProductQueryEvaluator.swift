import InventoryKit
import InventorySync

/// The reference semantics of ``ProductQuery``: how every product store and gateway filters, orders and pages.
///
/// It returns exactly the page that `RecordQueryEvaluator.page` returns over each product's
/// ``Product/indexedFields(syncState:)`` with `ProductQuery.recordQuery()` — same products, same order
/// (`FieldValue` order, then product id bytes), same cursor — but works on `Product` values directly: the query
/// input is normalized once, each product's sort value is computed once, a product that cannot enter the page
/// is skipped before its filters run, and the page is selected with a bounded heap, in O(n log k) for a page
/// of k products. Stores execute queries with it; gateways use it to post-filter what a remote cannot.
///
/// ```swift
/// let page = try ProductQueryEvaluator.page(products, query: ProductQuery(sort: .title(), filters: [.text("milk")]))
/// ```
public enum ProductQueryEvaluator {
    /// Whether a product satisfies every filter (an empty list matches every product).
    ///
    /// - Parameters:
    ///   - filters: The filters, all of which must hold.
    ///   - product: The product to test.
    ///   - syncState: The product's sync state, or `nil` when unknown (it then matches no
    ///     ``ProductFilterStrategy/syncState(_:)`` filter).
    public static func matches(
        _ filters: [ProductFilterStrategy], product: Product, syncState: SyncStatusKind?
    ) -> Bool {
        CompiledProductFilter(all: filters).matches(product, syncState: syncState)
    }

    /// Executes a query over products held in memory, each with its sync state.
    ///
    /// - Throws: the errors of ``ProductQuery/validate()``.
    public static func page(
        _ items: some Sequence<(product: Product, syncState: SyncStatusKind?)>, query: ProductQuery
    ) throws(ProductQueryError) -> ProductPage {
        var selection = try ProductPageSelection(query: query)
        for item in items {
            selection.offer(item.product, syncState: item.syncState)
        }
        return selection.page()
    }

    /// Executes a query over products whose sync state is unknown.
    ///
    /// - Throws: the errors of ``ProductQuery/validate()``.
    public static func page(_ products: [Product], query: ProductQuery) throws(ProductQueryError) -> ProductPage {
        var selection = try ProductPageSelection(query: query)
        for product in products {
            selection.offer(product, syncState: nil)
        }
        return selection.page()
    }
}
