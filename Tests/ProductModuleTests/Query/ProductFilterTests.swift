import Foundation
import InventoryKit
import InventorySync
import ProductModule
import Testing

@Suite("ProductFilterStrategy: what each filter selects")
struct ProductFilterTests {
    /// Four products with distinct titles, ordered a, b, c, d by title.
    static func catalogue() throws -> [(product: Product, syncState: SyncStatusKind?)] {
        var milk = try ProductFixtures.milk()  // "organic milk", brand "Fresh Farm", food/dairy
        milk.searchKeywords = ["Bio"]
        var juice = try Product.new(
            barcode: "036000291452", title: "Apple Juice", brand: "ACME", category: ProductCategory(main: "beverage"),
            id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        juice.status = .archived
        let bread = try Product.new(
            barcode: nil, title: "Bread", brand: "fresh   farm", category: ProductCategory(main: "food", sub: "bakery"),
            id: ProductFixtures.uuid, now: ProductFixtures.epoch)
        let untitled = Product(
            productID: try ProductID("prd_untitled"), searchKeywords: ["Café  crème"], createdAt: ProductFixtures.epoch,
            updatedAt: ProductFixtures.epoch)
        return [(milk, .synced), (juice, .failed), (bread, nil), (untitled, .pendingUpsert)]
    }

    @Test("each filter selects the products it describes", arguments: [
        (ProductFilterStrategy.barcode("0 12345 67890 12"), ["organic milk"]),
        (.barcode("36000291452"), []),
        (.barcode("036000291452"), ["apple juice"]),
        (.barcode("(01)00036000291452"), ["apple juice"]),
        (.barcode("not a barcode"), []),
        (.brand("Fresh Farm"), ["bread", "organic milk"]),
        (.brand("acme"), ["apple juice"]),
        (.brand(""), []),
        (.category(main: "food"), ["bread", "organic milk"]),
        (.category(main: "food", sub: "dairy"), ["organic milk"]),
        (.category(main: "Food"), []),
        (.text("MILK"), ["organic milk"]),
        (.text("farm"), ["bread", "organic milk"]),
        (.text("bio"), ["organic milk"]),
        (.text("CAFÉ CRÈME"), [""]),
        (.text("milk\nfresh"), []),
        (.text(""), ["", "apple juice", "bread", "organic milk"]),
        (.status(.archived), ["apple juice"]),
        (.syncState(.failed), ["apple juice"]),
        (.not(.syncState(.failed)), ["", "bread", "organic milk"]),
        (.and([]), ["", "apple juice", "bread", "organic milk"]),
        (.or([]), []),
        (.or([.brand("acme"), .category(main: "food", sub: "bakery")]), ["apple juice", "bread"]),
        (.and([.text("farm"), .not(.barcode("0123456789012"))]), ["bread"]),
    ])
    func selects(_ filter: ProductFilterStrategy, _ titles: [String]) throws {
        let items = try Self.catalogue()
        let query = ProductQuery(page: PageRequest(limit: 10), sort: .title(), filters: [filter])
        let page = try ProductQueryEvaluator.page(items, query: query)
        #expect(page.products.map { SemanticKey.normalize($0.title ?? "") } == titles)
        #expect(page.nextCursor == nil)
        for item in items {
            #expect(
                ProductQueryEvaluator.matches([filter], product: item.product, syncState: item.syncState)
                    == PlainProductQuery.matches(filter, item.product, item.syncState))
        }
    }

    @Test("the filters of a query are AND-ed, and none matches everything")
    func filtersAreAnded() throws {
        let items = try Self.catalogue()
        let product = items[0].product
        #expect(ProductQueryEvaluator.matches([], product: product, syncState: nil))
        #expect(ProductQueryEvaluator.matches([.brand("fresh farm"), .category(main: "food")], product: product, syncState: nil))
        #expect(!ProductQueryEvaluator.matches([.brand("fresh farm"), .status(.draft)], product: product, syncState: nil))
    }

    @Test("products without a sync state match no sync state filter, and the [Product] convenience has none")
    func unknownSyncState() throws {
        let products = try Self.catalogue().map(\.product)
        let page = try ProductQueryEvaluator.page(products, query: ProductQuery(filters: [.syncState(.synced)]))
        #expect(page.products.isEmpty)
        let all = try ProductQueryEvaluator.page(products, query: ProductQuery(filters: [.not(.syncState(.synced))]))
        #expect(all.products.count == products.count)
    }

    @Test("filters round-trip through coding")
    func coding() throws {
        let filter = ProductFilterStrategy.and([
            .or([.barcode("123"), .brand("Acme"), .category(main: "food", sub: nil), .category(main: "a", sub: "b")]),
            .not(.text("x")), .status(.blocked), .syncState(.pendingDelete),
        ])
        #expect(try RecordCoding.decode(ProductFilterStrategy.self, from: RecordCoding.encode(filter)) == filter)
    }
}
