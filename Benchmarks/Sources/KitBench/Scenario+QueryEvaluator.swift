import Foundation
import InventoryKit
import ProductModule

// MARK: - Reference query evaluator

extension Scenario {
    /// `ProductQueryEvaluator.page` (filter on the main category, newest change first, first page of 50) over N
    /// products in memory, against one hand-written pass keeping the best 50 matches in a sorted buffer (the
    /// evaluator keeps a bounded heap; sorting all 25 000 matches is not the floor for a first page).
    static let queryEvaluator = Scenario(
        name: "query.evaluator-page",
        summary: "ProductQueryEvaluator.page(category food, updatedAt desc, 50) over N in memory vs one pass keeping the best 50",
        target: 1.5,
        timed: Timed(
            ours: "5 x ProductQueryEvaluator.page over the N shuffled products in memory",
            baseline: "5 x one pass over the same array keeping the best 50 matches (binary insertion into a sorted "
                + "buffer)")
    ) { fixtures in
        // In store order (shuffled), as a remote or a dictionary-backed store hands them over.
        var generator = SplitMix64(seed: 42)
        let products = await fixtures.products().shuffled(using: &generator)
        let pageSize = fixtures.configuration.pageSize
        let query = ProductQuery(
            page: PageRequest(limit: pageSize), sort: .updatedAt(.descending), filters: [.category(main: "food")])
        let expected = try ProductQueryEvaluator.page(products, query: query).products.map(\.productID)
        guard expected == Self.plainPage(products, limit: pageSize).map(\.productID),
            expected == Self.topPage(products, limit: pageSize).map(\.productID), expected.count == pageSize
        else {
            throw BenchmarkError.mismatch(scenario: "query.evaluator-page", detail: "the pages differ")
        }
        let repeats = 5
        return ScenarioRun(
            ours: {
                try Stopwatch.timeSync {
                    for _ in 0..<repeats {
                        let page = try ProductQueryEvaluator.page(products, query: query)
                        precondition(page.products.count == pageSize)
                    }
                }
            },
            baseline: {
                Stopwatch.timeSync {
                    for _ in 0..<repeats {
                        let page = Self.topPage(products, limit: pageSize)
                        precondition(page.count == pageSize)
                    }
                }
            })
    }

    /// The page by hand, in one pass: the matches (the same filter) kept in a buffer of at most `limit`, best
    /// first (updatedAt descending, then product id bytes ascending); a match no better than the buffer's last,
    /// once it is full, is passed over, any other is inserted at its place (binary search).
    @inline(never)
    static func topPage(_ products: [Product], limit: Int) -> [Product] {
        func precedes(_ lhs: Product, _ rhs: Product) -> Bool {
            if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
            return lhs.productID.rawValue.utf8.lexicographicallyPrecedes(rhs.productID.rawValue.utf8)
        }
        var page: [Product] = []
        page.reserveCapacity(limit + 1)
        for index in products.indices where products[index].category?.main == "food" {
            if page.count == limit, let last = page.last, !precedes(products[index], last) { continue }
            var low = 0
            var high = page.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(page[middle], products[index]) { low = middle + 1 } else { high = middle }
            }
            page.insert(products[index], at: low)
            if page.count > limit { page.removeLast() }
        }
        return page
    }

    /// The page in plain Swift (checked, not timed): the same filter, the same order, everything sorted, the
    /// first `limit`.
    @inline(never)
    static func plainPage(_ products: [Product], limit: Int) -> [Product] {
        Array(
            products.filter { $0.category?.main == "food" }
                .sorted { lhs, rhs in
                    if lhs.updatedAt != rhs.updatedAt { return lhs.updatedAt > rhs.updatedAt }
                    return lhs.productID.rawValue.utf8.lexicographicallyPrecedes(rhs.productID.rawValue.utf8)
                }
                .prefix(limit))
    }
}
