import Foundation
import GRDB
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import ProductModuleTesting
@testable import SQLiteStorage
import Testing

@Suite("SQLiteProductStore: title-prefix filters on the title index")
struct SQLiteProductTitlePrefixTests {
    typealias S = SQLiteTestSupport
    typealias Item = (product: Product, syncState: SyncStatusKind?)

    /// Titles that trip naive prefix ranges: case and spacing, composed and combining marks, emoji, CJK, a title equal
    /// to a prefix, titles that differ only after a prefix, U+10FFFF (no successor), U+D7FF and U+E000 on either side
    /// of the surrogates, a blank title kept from older data, and products without a title (the kit's
    /// `ProductTitlePrefixTests` uses the same list).
    static let hostileTitles: [String?] = [
        "Milk", "milk", "  MILK   chocolate ", "Milk 1", "Milk 2", "Milky Way", "Mil", "Oat milk",
        "Café crème", "Cafe\u{301} noir", "CAFE au lait", "Caf",
        "q\u{307}uince", "Quince",
        "🍎 Apple", "🍎🍏 mix", "🍏",
        "牛乳", "牛肉", "日本茶",
        "a", "a\u{10FFFF}", "a\u{10FFFF}z", "a\u{10FFFF}\u{10FFFF}", "b", "\u{10FFFF}", "\u{10FFFF}x",
        "x\u{D7FE}z", "x\u{D7FF}", "x\u{D7FF}y", "x\u{E000}", "x\u{E000}y",
        "  ", nil, nil,
    ]

    /// The prefixes every store is asked for.
    static let prefixes: [String] = [
        "", "   ", "m", "MIL", "milk", "Milk ", " milk   CHOC", "milkx", "milk chocolate and more",
        "café", "CAFE\u{301}", "cafe", "caf", "q", "q\u{307}", "Q\u{307}U", "🍎", "🍎🍏", "牛", "牛乳", "日",
        "a", "a\u{10FFFF}", "a\u{10FFFF}\u{10FFFF}", "\u{10FFFF}", "\u{10FFFF}\u{10FFFF}", "b",
        "x", "x\u{D7FE}", "x\u{D7FF}", "x\u{E000}", "zzz",
    ]

    /// One product per hostile title, ids `prd_tp_00`, `prd_tp_01`, …, with sync states the stores keep.
    static func hostileCatalogue() throws -> [Item] {
        let states: [SyncStatusKind] = [.synced, .pendingUpsert, .failed]
        return try hostileTitles.enumerated().map { index, title in
            let product = Product(
                productID: try ProductID(String(format: "prd_tp_%02d", index)), title: title, createdAt: S.t0,
                updatedAt: S.t0 + Double(index % 7))
            return (product, states[index % states.count])
        }
    }

    /// Commits the items to a store.
    static func fill(_ store: some ProductLocalStore, with items: [Item]) async throws {
        var transaction = ProductLocalTransaction()
        transaction.products = items.map { .init(product: $0.product, syncState: $0.syncState ?? .synced) }
        try await store.commit(transaction)
    }

    @Test(
        "SQLiteProductStore and StorageProductStore (SQLite records, in memory) page prefix queries exactly like the evaluator",
        arguments: [RecordSortKey.Order.ascending, .descending])
    func storesAgreeWithTheEvaluator(_ order: RecordSortKey.Order) async throws {
        let items = try Self.hostileCatalogue()
        let stores: [(name: String, store: any ProductLocalStore)] = [
            ("SQLiteProductStore", SQLiteProductStore(storage: try SQLiteStorage.inMemory())),
            ("StorageProductStore on SQLiteStorage", StorageProductStore(storage: try SQLiteStorage.inMemory())),
            ("StorageProductStore in memory", StorageProductStore(storage: InMemoryStorageProvider())),
        ]
        for (_, store) in stores { try await Self.fill(store, with: items) }
        for prefix in Self.prefixes {
            let filterSets: [[ProductFilterStrategy]] = [
                [.titlePrefix(prefix)], [.titlePrefix(prefix), .syncState(.synced)], [.not(.titlePrefix(prefix))],
                [.or([.titlePrefix(prefix), .text("milk")])],
            ]
            for filters in filterSets {
                for key in [ProductSortKey.title, .updatedAt] {
                    let first = ProductQuery(page: PageRequest(limit: 3), sort: ProductSortStrategy(key: key, order: order), filters: filters)
                    let expected = try await Self.allPages(first) { try ProductQueryEvaluator.page(items, query: $0) }
                    for (name, store) in stores {
                        let pages = try await Self.allPages(first) { try await store.query($0) }
                        #expect(pages.map(\.ids) == expected.map(\.ids), "\(name) \(first)")
                        #expect(pages.map(\.token) == expected.map(\.token), "\(name) \(first)")
                    }
                }
            }
        }
    }

    @Test("the same prefixes select the titles a plain starts-with test on the normalized title selects")
    func selectionIsTheNormalizedScalarPrefix() async throws {
        let items = try Self.hostileCatalogue()
        let store = SQLiteProductStore(storage: try SQLiteStorage.inMemory())
        try await Self.fill(store, with: items)
        for prefix in Self.prefixes {
            let page = try await store.query(ProductQuery(page: PageRequest(limit: 100), sort: .title(), filters: [.titlePrefix(prefix)]))
            let needle = Array(SemanticKey.normalize(prefix).utf8)
            let expected = items.filter { item in
                item.product.title.map { Array(SemanticKey.normalize($0).utf8).starts(with: needle) } ?? false
            }
            #expect(Set(page.products.map(\.productID)) == Set(expected.map(\.product.productID)), "prefix \(prefix.debugDescription)")
        }
        let supplementary = try await store.query(ProductQuery(sort: .title(), filters: [.titlePrefix("a\u{10FFFF}")]))
        #expect(supplementary.products.map(\.title) == ["a\u{10FFFF}", "a\u{10FFFF}z", "a\u{10FFFF}\u{10FFFF}"])
        let gap = try await store.query(ProductQuery(sort: .title(), filters: [.titlePrefix("X\u{D7FF}")]))
        #expect(gap.products.map(\.title) == ["x\u{D7FF}", "x\u{D7FF}y"])
    }

    @Test("the range's upper bound is the prefix with its last scalar raised, over the surrogates and past U+10FFFF", arguments: [
        ("a", "b"), ("milk", "mill"), ("x\u{D7FE}", "x\u{D7FF}"), ("x\u{D7FF}", "x\u{E000}"), ("x\u{E000}", "x\u{E001}"),
        ("a\u{10FFFF}", "b"), ("a\u{10FFFF}\u{10FFFF}", "b"), ("牛", "牜"), ("\u{7F}", "\u{80}"), ("\u{FFFF}", "\u{10000}"),
    ] as [(String, String)])
    func upperBound(_ prefix: String, _ bound: String) {
        #expect(RecordFieldSQL.prefixUpperBound(prefix) == bound)
        // Every text that starts with the prefix sorts before the bound, byte by byte.
        for tail in ["", "\u{0}", "z", "\u{10FFFF}\u{10FFFF}"] {
            #expect(Array((prefix + tail).utf8).lexicographicallyPrecedes(Array(bound.utf8)))
        }
    }

    @Test("a prefix of U+10FFFF only has no upper bound")
    func noUpperBound() {
        #expect(RecordFieldSQL.prefixUpperBound("\u{10FFFF}") == nil)
        #expect(RecordFieldSQL.prefixUpperBound("\u{10FFFF}\u{10FFFF}") == nil)
    }

    @Test(
        "a title-sorted page filtered by a prefix SEARCHes products_by_title, never SCANs or sorts every row, first and later pages",
        arguments: ["m", "Café", "牛", "a\u{10FFFF}", "\u{10FFFF}", "x\u{D7FF}", ""], [RecordSortKey.Order.ascending, .descending])
    func planSearchesTheTitleIndex(_ prefix: String, _ order: RecordSortKey.Order) async throws {
        let store = SQLiteProductStore(storage: try SQLiteStorage.inMemory())
        try await Self.fill(store, with: Self.hostileCatalogue())
        let sort = ProductSortStrategy.title(order)
        var queries = [ProductQuery(page: PageRequest(limit: 20), sort: sort, filters: [.titlePrefix(prefix)])]
        for value in [FieldValue.null, .string(SemanticKey.normalize(prefix) + "m")] {
            let cursor = PageCursor(RecordCursor(sort: sort.recordSort, values: [value], lastID: try RecordID("prd_x")))
            queries.append(ProductQuery(page: PageRequest(limit: 20, cursor: cursor), sort: sort, filters: [.titlePrefix(prefix)]))
        }
        for (index, query) in queries.enumerated() {
            let plan = try await store.queryPlan(query)
            // Descending, a cursor on a NULL title is in the untitled products, which come last and which a title
            // prefix never matches: the page needs no statement at all.
            if index == 1, order == .descending {
                #expect(plan.isEmpty, "\(plan)")
                #expect(try await store.query(query).products.isEmpty)
                continue
            }
            #expect(!plan.isEmpty)
            #expect(plan.allSatisfy { !$0.hasPrefix("SCAN") }, "\(plan)")
            #expect(plan.allSatisfy { !$0.contains("TEMP B-TREE FOR ORDER BY") }, "\(plan)")
            // Descending reads the index backwards and sorts only the ties of one title by id
            // ("USE TEMP B-TREE FOR RIGHT PART OF ORDER BY"), as every descending page does.
            let searches = plan.filter { $0.hasPrefix("SEARCH") }
            #expect(!searches.isEmpty && searches.allSatisfy { $0.hasPrefix("SEARCH products USING INDEX products_by_title (title_key") }, "\(plan)")
        }
        if !prefix.isEmpty, prefix != "\u{10FFFF}" {
            let plan = try await store.queryPlan(queries[0])
            #expect(plan.contains("SEARCH products USING INDEX products_by_title (title_key>? AND title_key<?)"), "\(plan)")
        }
    }

    @Test("a prefix page reads about as many rows as it returns, where a text search reads every row")
    func prefixPageDoesNotReadEverything() async throws {
        let storage = try SQLiteStorage.inMemory()
        let store = SQLiteProductStore(storage: storage)
        let total = 3_000
        for chunk in stride(from: 0, to: total, by: 500) {
            var transaction = ProductLocalTransaction()
            transaction.products = try (chunk..<chunk + 500).map { number in
                .init(product: try Product.fixture(number: number, title: String(format: "Title %05d", number)), syncState: .synced)
            }
            try await store.commit(transaction)
        }
        let query = ProductQuery(page: PageRequest(limit: 20), sort: .title(), filters: [.titlePrefix("TITLE 027")])
        // Where SQLite has the sqlite_stmt table (ENABLE_STMTVTAB, as Debian builds it), count the virtual machine
        // steps the page statements took.
        guard let before = try await Self.pageStatementSteps(storage) else { return }
        let page = try await store.query(query)
        guard let afterPrefix = try await Self.pageStatementSteps(storage) else { return }
        #expect(page.products.map(\.title) == (2_700..<2_720).map { String(format: "Title %05d", $0) })
        let prefixSteps = afterPrefix - before
        _ = try await store.query(ProductQuery(page: PageRequest(limit: 20), sort: .title(), filters: [.text("nothing")]))
        let scanSteps = (try await Self.pageStatementSteps(storage) ?? 0) - afterPrefix
        #expect(prefixSteps < total / 10, "the prefix page took \(prefixSteps) steps for \(total) rows")
        #expect(scanSteps > total, "a search through every row took only \(scanSteps) steps")
        // A prefix every title has: the page reads its 21 rows, never the prefix's whole range looking for untitled
        // products (which a title prefix cannot match).
        guard let beforeWide = try await Self.pageStatementSteps(storage) else { return }
        let wide = try await store.query(ProductQuery(page: PageRequest(limit: 20), sort: .title(), filters: [.titlePrefix("title")]))
        let wideSteps = (try await Self.pageStatementSteps(storage) ?? 0) - beforeWide
        #expect(wide.products.count == 20)
        #expect(wideSteps < total / 10, "the page of a prefix every title has took \(wideSteps) steps for \(total) rows")
    }

    // MARK: - Helpers

    /// Every page of a query from its first, by product id and next cursor token.
    private static func allPages(
        _ first: ProductQuery, _ run: (ProductQuery) async throws -> ProductPage
    ) async throws -> [(ids: [ProductID], token: String?)] {
        var pages: [(ids: [ProductID], token: String?)] = []
        var query = first
        while pages.count < 50 {
            let page = try await run(query)
            pages.append((page.products.map(\.productID), page.nextCursor?.token))
            guard let next = query.after(page.nextCursor) else { break }
            query = next
        }
        return pages
    }

    /// The virtual machine steps of the page statements so far, or `nil` without the sqlite_stmt table.
    private static func pageStatementSteps(_ storage: SQLiteStorage) async throws -> Int? {
        try await storage.reader.read { db in
            try? Int.fetchOne(
                db, sql: "SELECT TOTAL(nstep) FROM sqlite_stmt WHERE sql LIKE 'SELECT product_id, payload, % FROM products%'")
        }
    }
}
