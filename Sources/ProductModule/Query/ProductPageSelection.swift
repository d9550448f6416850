import InventoryKit
import InventorySync

/// The first page of a query's matches, kept in a bounded max-heap while products are offered one by one.
///
/// The heap holds at most `limit + 1` candidates with the one that sorts last at the root, so a product that
/// sorts after a full heap's root is rejected with one comparison, before its filters run. Heap entries are
/// small (sort value, id, slot); the products themselves stay in a fixed set of slots and never move.
struct ProductPageSelection {
    /// A product that may be on the page: its sort value, id and slot in `products`.
    private struct Candidate {
        let value: ProductSortValue
        let id: String
        let slot: Int
    }

    private let key: ProductSortKey
    private let ascending: Bool
    private let capacity: Int
    private let limit: Int
    private let filter: CompiledProductFilter
    private let cursorValue: ProductSortValue?
    private let cursorID: String
    private let recordSort: [RecordSortKey]
    private var heap: [Candidate] = []
    private var products: [Product] = []

    /// Prepares the selection for a validated query.
    ///
    /// - Throws: the errors of ``ProductQuery/validate()``.
    init(query: ProductQuery) throws(ProductQueryError) {
        try query.validate()
        key = query.sort.key
        ascending = query.sort.order == .ascending
        limit = query.page.limit
        capacity = query.page.limit + 1
        filter = CompiledProductFilter(all: query.filters)
        recordSort = query.sort.recordSort
        if let cursor = query.page.cursor?.recordCursor, let value = cursor.values.first {
            cursorValue = ProductSortValue(value)
            cursorID = cursor.lastID.rawValue
        } else {
            cursorValue = nil
            cursorID = ""
        }
        heap.reserveCapacity(capacity)
        products.reserveCapacity(capacity)
    }

    /// Considers one product for the page.
    mutating func offer(_ product: Product, syncState: SyncStatusKind?) {
        let value = ProductSortValue(product, key: key)
        let id = product.productID.rawValue
        if let cursorValue, !isAfterCursor(value, id, cursorValue) { return }
        if heap.count == capacity, let root = heap.first, !precedes(value, id, root.value, root.id) { return }
        guard filter.matches(product, syncState: syncState) else { return }
        if heap.count < capacity {
            products.append(product)
            heap.append(Candidate(value: value, id: id, slot: products.count - 1))
            siftUp(from: heap.count - 1)
        } else {
            let slot = heap[0].slot
            products[slot] = product
            heap[0] = Candidate(value: value, id: id, slot: slot)
            siftDown(from: 0)
        }
    }

    /// The page: the selected products in query order, and the cursor after the last when more remain.
    func page() -> ProductPage {
        var sorted = heap.sorted { precedes($0, $1) }.map { products[$0.slot] }
        guard sorted.count > limit else { return ProductPage(products: sorted, nextCursor: nil) }
        sorted.removeLast()
        let nextCursor = sorted.last.map { last in
            PageCursor(
                RecordCursor(sort: recordSort, values: [last.indexedValue(of: key)], lastID: last.productID.recordID))
        }
        return ProductPage(products: sorted, nextCursor: nextCursor)
    }

    // MARK: - Order

    /// Whether a product sorts strictly after the cursor, as `RecordQueryEvaluator.isAfter` decides.
    private func isAfterCursor(_ value: ProductSortValue, _ id: String, _ cursorValue: ProductSortValue) -> Bool {
        let result = ProductSortValue.compare(value, cursorValue)
        if result != 0 { return ascending ? result > 0 : result < 0 }
        return cursorID.utf8.lexicographicallyPrecedes(id.utf8)
    }

    /// Whether the first product comes strictly before the second, as `RecordQueryEvaluator.compare` orders.
    private func precedes(
        _ lhsValue: ProductSortValue, _ lhsID: String, _ rhsValue: ProductSortValue, _ rhsID: String
    ) -> Bool {
        let result = ProductSortValue.compare(lhsValue, rhsValue)
        if result != 0 { return ascending ? result < 0 : result > 0 }
        if lhsID == rhsID { return false }
        return lhsID.utf8.lexicographicallyPrecedes(rhsID.utf8)
    }

    private func precedes(_ lhs: Candidate, _ rhs: Candidate) -> Bool {
        precedes(lhs.value, lhs.id, rhs.value, rhs.id)
    }

    // MARK: - Heap (the candidate that sorts last at the root)

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        let count = heap.count
        while true {
            let left = 2 * parent + 1
            guard left < count else { return }
            let right = left + 1
            var latest = left
            if right < count, precedes(heap[left], heap[right]) { latest = right }
            guard precedes(heap[parent], heap[latest]) else { return }
            heap.swapAt(parent, latest)
            parent = latest
        }
    }
}
