import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import Testing

@Suite("Keyset pagination over 10,000 products with repeated titles, brands and dates")
struct ProductPaginationTests {
    typealias Item = (product: Product, syncState: SyncStatusKind?)

    static let catalogue = ProductFixtures.randomCatalogue(count: 10_000, seed: 2026)
    static let orders: [RecordSortKey.Order] = [.ascending, .descending]

    @Test("the catalogue repeats sort values, so ties must break on the id")
    func catalogueHasTies() {
        let products = Self.catalogue.map(\.product)
        #expect(Set(products.map(\.productID)).count == products.count)
        #expect(Set(products.map(\.updatedAt)).count < 200)
        #expect(Set(products.map { $0.title.map(SemanticKey.normalize) }).count < 20)
        #expect(Set(products.map { $0.brand.map(SemanticKey.normalize) }).count < 10)
    }

    @Test("every product is visited exactly once, in query order", arguments: ProductSortKey.allCases, orders)
    func visitsEachOnce(_ key: ProductSortKey, _ order: RecordSortKey.Order) throws {
        let sort = ProductSortStrategy(key: key, order: order)
        var query = ProductQuery(page: PageRequest(limit: 997), sort: sort)
        var visited: [Product] = []
        var pages = 0
        while true {
            let page = try ProductQueryEvaluator.page(Self.catalogue, query: query)
            #expect(page.products.count <= 997)
            visited += page.products
            pages += 1
            guard let next = query.after(page.nextCursor) else { break }
            query = next
        }
        #expect(pages == 11)
        let expected = PlainProductQuery.all(Self.catalogue, sort: sort, filters: [])
        #expect(visited.map(\.productID) == expected.map(\.productID))
    }

    @Test(
        "inserts between pages never cause duplicates or gaps; only inserts after the cursor appear",
        arguments: ProductSortKey.allCases, orders)
    func insertsBetweenPages(_ key: ProductSortKey, _ order: RecordSortKey.Order) throws {
        let sort = ProductSortStrategy(key: key, order: order)
        var items = Self.catalogue
        let originals = Set(items.map(\.product.productID))
        let extra = ProductFixtures.randomCatalogue(count: 2_000, seed: 7, firstIndex: 1_000_001)
        var pending = extra[...]
        var query = ProductQuery(page: PageRequest(limit: 997), sort: sort)
        var visited: [Product] = []
        var lastReturned: Product?
        var insertedBeforeCursor: Set<ProductID> = []
        while true {
            let page = try ProductQueryEvaluator.page(items, query: query)
            if let lastReturned, let first = page.products.first {
                #expect(PlainProductQuery.precedes(lastReturned, first, sort))
            }
            visited += page.products
            lastReturned = page.products.last ?? lastReturned
            guard let next = query.after(page.nextCursor), let last = lastReturned else { break }
            query = next
            // Insert a batch: some sort before the cursor (they must never appear), some after (they may).
            for item in pending.prefix(200) {
                if PlainProductQuery.precedes(item.product, last, sort) {
                    insertedBeforeCursor.insert(item.product.productID)
                }
                items.append(item)
            }
            pending = pending.dropFirst(200)
        }
        let visitedIDs = visited.map(\.productID)
        #expect(Set(visitedIDs).count == visitedIDs.count, "no duplicates")
        #expect(originals.isSubset(of: Set(visitedIDs)), "no gaps among the originals")
        #expect(Set(visitedIDs).isDisjoint(with: insertedBeforeCursor), "nothing inserted before the cursor appears")
        #expect(!insertedBeforeCursor.isEmpty)
        let expectedOrder = PlainProductQuery.sorted(visited, sort)
        #expect(visitedIDs == expectedOrder.map(\.productID))
    }
}
