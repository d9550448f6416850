import Foundation
import InventoryKit
import ProductModule

// MARK: - Reference query evaluator

extension Scenario {
    /// `ProductQueryEvaluator.page` (filter on the main category, newest change first, first page of 50) over N
    /// products in memory, against `filter` + `sorted` + `prefix` on the same array.
    static let queryEvaluator = Scenario(
        name: "query.evaluator-page",
        summary: "ProductQueryEvaluator.page(category food, updatedAt desc, 50) over N in memory vs filter + sorted + prefix",
        target: 1.5
    ) { fixtures in
        // In store order (shuffled), as a remote or a dictionary-backed store hands them over.
        var generator = SplitMix64(seed: 42)
        let products = await fixtures.products().shuffled(using: &generator)
        let pageSize = fixtures.configuration.pageSize
        let query = ProductQuery(
            page: PageRequest(limit: pageSize), sort: .updatedAt(.descending), filters: [.category(main: "food")])
        let expected = try ProductQueryEvaluator.page(products, query: query).products.map(\.productID)
        guard expected == Self.plainPage(products, limit: pageSize).map(\.productID), expected.count == pageSize else {
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
                        let page = Self.plainPage(products, limit: pageSize)
                        precondition(page.count == pageSize)
                    }
                }
            })
    }

    /// The page in plain Swift: the same filter, the same order (updatedAt descending, then product id bytes
    /// ascending), the first `limit`.
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
