import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import SQLiteStorage
import Testing

@Suite("SQLiteProductStore queries")
struct SQLiteProductQueryTests {
    typealias S = SQLiteTestSupport

    @Test("queries exactly like the reference evaluator on a database file (random filters, every sort, inserts between pages)")
    func parityOnFile() async {
        let report = await ProductQueryConformance().run(local: {
            SQLiteProductStore(storage: try SQLiteStorage(path: S.temporaryDatabasePath()))
        })
        #expect(report.failures == [])
        #expect(report.passed == ["queryParity", "paginationUnderInserts"])
    }

    @Test("keeps the ProductStore contract: creation only of unknown products, due entries, sync state changes, batched reads")
    func storeContract() async {
        let report = await ProductStoreConformance().run {
            SQLiteProductStore(storage: try SQLiteStorage(path: S.temporaryDatabasePath()))
        }
        #expect(report.failures == [])
        #expect(report.passed == ProductStoreConformance.checks)
    }

    @Test("queries exactly like the reference evaluator in memory, with other seeds", arguments: [7, 8, 9, 10] as [UInt64])
    func parityInMemory(_ seed: UInt64) async {
        let report = await ProductQueryConformance(seed: seed, productCount: 250, queryCount: 80).run(local: {
            SQLiteProductStore(storage: try SQLiteStorage.inMemory())
        })
        #expect(report.failures == [])
        #expect(report.passed == ["queryParity", "paginationUnderInserts"])
    }

    @Test(
        "a cursor value of another kind than the sort column is placed in FieldValue order, like the reference",
        arguments: [ProductSortKey.title, .updatedAt], [RecordSortKey.Order.ascending, .descending])
    func foreignCursorValues(_ key: ProductSortKey, _ order: RecordSortKey.Order) async throws {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteProductStore(storage: storage)
        var items: [(product: Product, syncState: SyncStatusKind?)] = []
        for number in 0..<12 {
            let product = try Product.fixture(
                number: number, barcoded: number % 2 == 0, title: number % 4 == 0 ? nil : "title \(number % 3)",
                now: S.t0 + Double(number % 5))
            items.append((product, .synced))
        }
        var transaction = ProductLocalTransaction()
        transaction.products = items.map { .init(product: $0.product, syncState: $0.syncState ?? .synced) }
        try await store.commit(transaction)
        let sort = ProductSortStrategy(key: key, order: order)
        for value in [FieldValue.null, .int(3), .double(800_000_002), .bool(true), .string("title 1"), .string("zzz")] {
            let cursor = PageCursor(RecordCursor(sort: sort.recordSort, values: [value], lastID: try RecordID("4")))
            let query = ProductQuery(page: PageRequest(limit: 5, cursor: cursor), sort: sort)
            let page = try await store.query(query)
            let reference = try ProductQueryEvaluator.page(items, query: query)
            #expect(page.products.map(\.productID) == reference.products.map(\.productID), "cursor value \(value)")
            #expect((page.nextCursor == nil) == (reference.nextCursor == nil), "cursor value \(value)")
        }
    }

    @Test("every sort runs on its index: no table scan and no full sort, for the first and a later page",
          arguments: ProductSortKey.allCases, [RecordSortKey.Order.ascending, .descending])
    func plansUseTheSortIndex(_ key: ProductSortKey, _ order: RecordSortKey.Order) async throws {
        let store = SQLiteProductStore(storage: try SQLiteStorage.inMemory())
        let sort = ProductSortStrategy(key: key, order: order)
        let cursors: [FieldValue] = [.null, key == .title || key == .brand ? .string("m") : .date(S.t0)]
        var queries = [ProductQuery(page: PageRequest(limit: 20), sort: sort)]
        for value in cursors {
            let cursor = PageCursor(RecordCursor(sort: sort.recordSort, values: [value], lastID: try RecordID("prd_x")))
            queries.append(ProductQuery(page: PageRequest(limit: 20, cursor: cursor), sort: sort))
        }
        for query in queries {
            let plan = try await store.queryPlan(query)
            #expect(!plan.isEmpty)
            #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") }, "\(plan)")
            #expect(plan.allSatisfy { !$0.contains("TEMP B-TREE FOR ORDER BY") }, "\(plan)")
            #expect(plan.contains { $0.contains("USING INDEX products_by_") || $0.contains("USING COVERING INDEX products_by_") }, "\(plan)")
        }
    }

    @Test("a category's pages by title read the category in title order from its index: no full sort of the category",
          arguments: [RecordSortKey.Order.ascending, .descending])
    func categoryPagesByTitleUseTheirIndex(_ order: RecordSortKey.Order) async throws {
        let store = SQLiteProductStore(storage: try SQLiteStorage.inMemory())
        let sort = ProductSortStrategy.title(order)
        let filters: [ProductFilterStrategy] = [.category(main: "food", sub: "dairy")]
        var queries = [ProductQuery(page: PageRequest(limit: 20), sort: sort, filters: filters)]
        for value in [FieldValue.null, .string("m")] {
            let cursor = PageCursor(RecordCursor(sort: sort.recordSort, values: [value], lastID: try RecordID("prd_x")))
            queries.append(ProductQuery(page: PageRequest(limit: 20, cursor: cursor), sort: sort, filters: filters))
        }
        for query in queries {
            let plan = try await store.queryPlan(query)
            #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") }, "\(plan)")
            #expect(plan.allSatisfy { !$0.contains("TEMP B-TREE FOR ORDER BY") }, "\(plan)")
            // Descending, only the products of one title are sorted by id ("RIGHT PART OF ORDER BY").
            #expect(plan.allSatisfy { !$0.hasPrefix("SEARCH") || $0.contains("USING INDEX products_by_category_title") }, "\(plan)")
        }
    }

    @Test("a page deep inside a tie (every product one title) reads about as many rows as the first page")
    func pageInsideATieDoesNotReadTheTie() async throws {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteProductStore(storage: storage)
        let total = 3_000
        for chunk in stride(from: 0, to: total, by: 500) {
            var transaction = ProductLocalTransaction()
            transaction.products = try (chunk..<chunk + 500).map { number in
                .init(product: try Product.fixture(number: number, title: "same title"), syncState: .synced)
            }
            try await store.commit(transaction)
        }
        let first = ProductQuery(page: PageRequest(limit: 20), sort: .title())
        var deep = first
        var seen: [ProductID] = []
        for _ in 0..<140 {
            let page = try await store.query(deep)
            seen += page.products.map(\.productID)
            deep = try #require(deep.after(page.nextCursor))
        }
        // The walk so far is the tie in product id order, each product once.
        #expect(seen == seen.sorted { $0.rawValue < $1.rawValue } && Set(seen).count == 2_800)
        let plan = try await store.queryPlan(deep)
        #expect(plan.contains { $0.contains("SEARCH products USING INDEX products_by_title (title_key=? AND product_id>?)") }, "\(plan)")

        guard let before = try await Self.pageStatementSteps(storage) else { return }
        let firstPage = try await store.query(first)
        guard let afterFirst = try await Self.pageStatementSteps(storage) else { return }
        let deepPage = try await store.query(deep)
        guard let afterDeep = try await Self.pageStatementSteps(storage) else { return }
        #expect(firstPage.products.count == 20 && deepPage.products.count == 20)
        let firstSteps = afterFirst - before
        let deepSteps = afterDeep - afterFirst
        #expect(deepSteps <= 2 * firstSteps + 100, "first page \(firstSteps) steps, deep page \(deepSteps) steps")
        #expect(deepSteps < total, "the page inside the tie took \(deepSteps) steps for \(total) rows")
    }

    @Test("a deep page reads about as many rows as the first page, not every row before it")
    func deepPageDoesNotReadEverything() async throws {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteProductStore(storage: storage)
        let total = 3_000
        for chunk in stride(from: 0, to: total, by: 500) {
            var transaction = ProductLocalTransaction()
            transaction.products = try (chunk..<chunk + 500).map { number in
                .init(product: try Product.fixture(number: number, title: String(format: "title %05d", number)), syncState: .synced)
            }
            try await store.commit(transaction)
        }
        let first = ProductQuery(page: PageRequest(limit: 20), sort: .title())
        // Walk to page 140 (rows 2 800…2 819) with the public cursor.
        var deep = first
        for _ in 0..<140 {
            let page = try await store.query(deep)
            deep = try #require(deep.after(page.nextCursor))
        }
        let plan = try await store.queryPlan(deep)
        #expect(plan.contains { $0.contains("SEARCH products USING INDEX products_by_title (title_key>?") }, "\(plan)")

        // Where SQLite has the sqlite_stmt table (ENABLE_STMTVTAB, as Debian builds it), count the virtual
        // machine steps the page statements took: a deep page must cost what the first page costs.
        guard let before = try await Self.pageStatementSteps(storage) else { return }
        let firstPage = try await store.query(first)
        guard let afterFirst = try await Self.pageStatementSteps(storage) else { return }
        let deepPage = try await store.query(deep)
        guard let afterDeep = try await Self.pageStatementSteps(storage) else { return }
        #expect(firstPage.products.count == 20 && deepPage.products.count == 20)
        #expect(deepPage.products.first?.title == "title 02800")
        let firstSteps = afterFirst - before
        let deepSteps = afterDeep - afterFirst
        #expect(deepSteps <= 2 * firstSteps + 100, "first page \(firstSteps) steps, deep page \(deepSteps) steps")
        #expect(deepSteps < total, "the deep page took \(deepSteps) steps for \(total) rows")
        // The control: a text search that matches nothing must visit every row, and the counter shows it.
        _ = try await store.query(ProductQuery(page: PageRequest(limit: 20), sort: .title(), filters: [.text("nothing")]))
        let scanSteps = (try await Self.pageStatementSteps(storage) ?? 0) - afterDeep
        #expect(scanSteps > total, "a search through every row took only \(scanSteps) steps")
    }

    @Test("an invalid query throws ProductQueryError before touching the database")
    func invalidQueries() async throws {
        let store = SQLiteProductStore(storage: try SQLiteStorage.inMemory())
        await #expect(throws: ProductQueryError.invalidLimit(0)) { try await store.query(ProductQuery(page: PageRequest(limit: 0))) }
        let cursor = PageCursor(RecordCursor(sort: [.ascending("title")], values: [.null], lastID: try RecordID("x")))
        await #expect(throws: ProductQueryError.self) {
            try await store.query(ProductQuery(page: PageRequest(cursor: cursor), sort: .updatedAt()))
        }
    }

    /// The virtual machine steps of the page statements so far, or `nil` without the sqlite_stmt table.
    private static func pageStatementSteps(_ storage: SQLiteStorage) async throws -> Int? {
        try await storage.reader.read { db in
            try? Int.fetchOne(
                db, sql: "SELECT TOTAL(nstep) FROM sqlite_stmt WHERE sql LIKE 'SELECT product_id, payload, % FROM products%'")
        }
    }
}
