import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import Testing

@Suite("ProductFilterStrategy.titlePrefix: the normalized title starts with the normalized input")
struct ProductTitlePrefixTests {
    typealias Item = (product: Product, syncState: SyncStatusKind?)

    /// Titles that trip naive prefix tests: case and spacing, composed and combining marks, emoji, CJK, a title equal
    /// to a prefix, titles that differ only after a prefix, U+10FFFF (no successor), U+D7FF and U+E000 on either side
    /// of the surrogates, a blank title kept from older data, and products without a title.
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

    /// The prefixes every executor is asked for.
    static let prefixes: [String] = [
        "", "   ", "m", "MIL", "milk", "Milk ", " milk   CHOC", "milkx", "milk chocolate and more",
        "café", "CAFE\u{301}", "cafe", "caf", "q", "q\u{307}", "Q\u{307}U", "🍎", "🍎🍏", "牛", "牛乳", "日",
        "a", "a\u{10FFFF}", "a\u{10FFFF}\u{10FFFF}", "\u{10FFFF}", "\u{10FFFF}\u{10FFFF}", "b",
        "x", "x\u{D7FE}", "x\u{D7FF}", "x\u{E000}", "zzz",
    ]

    /// One product per hostile title, ids `prd_tp_00`, `prd_tp_01`, … (the order of the list), sync states varied.
    static func hostileCatalogue() throws -> [Item] {
        let states: [SyncStatusKind?] = [.synced, .pendingUpsert, nil]
        return try hostileTitles.enumerated().map { index, title in
            let id = try ProductID(String(format: "prd_tp_%02d", index))
            let product = Product(
                productID: id, title: title, createdAt: ProductFixtures.epoch,
                updatedAt: ProductFixtures.epoch.addingTimeInterval(Double(index)))
            return (product, states[index % states.count])
        }
    }

    /// The normalized titles in UTF-8 byte order, as a title-sorted page lists them.
    static func byteOrdered(_ titles: [String]) -> [String] {
        titles.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    @Test("selects the titles that start with the input after normalization, scalar by scalar", arguments: [
        ("MILK", ["milk", "milk", "milk 1", "milk 2", "milk chocolate", "milky way"]),
        (" milk   CHOC", ["milk chocolate"]),
        ("Milk ", ["milk", "milk", "milk 1", "milk 2", "milk chocolate", "milky way"]),
        ("milkx", []),
        ("CAFE\u{301}", ["café crème", "café noir"]),
        ("cafe", ["cafe au lait"]),
        ("q", ["q\u{307}uince", "quince"]),
        ("Q\u{307}U", ["q\u{307}uince"]),
        ("🍎", ["🍎 apple", "🍎🍏 mix"]),
        ("牛", ["牛乳", "牛肉"]),
        ("a\u{10FFFF}", ["a\u{10FFFF}", "a\u{10FFFF}z", "a\u{10FFFF}\u{10FFFF}"]),
        ("\u{10FFFF}", ["\u{10FFFF}", "\u{10FFFF}x"]),
        ("x\u{D7FE}", ["x\u{D7FE}z"]),
        ("x\u{D7FF}", ["x\u{D7FF}", "x\u{D7FF}y"]),
        ("x\u{E000}", ["x\u{E000}", "x\u{E000}y"]),
        ("b", ["b"]),
    ] as [(String, [String])])
    func selectsByNormalizedScalars(_ prefix: String, _ titles: [String]) throws {
        let page = try ProductQueryEvaluator.page(
            Self.hostileCatalogue(), query: ProductQuery(page: PageRequest(limit: 100), sort: .title(), filters: [.titlePrefix(prefix)]))
        #expect(page.products.map { SemanticKey.normalize($0.title ?? "") } == Self.byteOrdered(titles))
    }

    @Test("an empty or blank prefix matches every product with a title, a blank one included, and none without", arguments: ["", "   ", "\n\t"])
    func emptyPrefixMatchesEveryTitle(_ prefix: String) throws {
        let items = try Self.hostileCatalogue()
        let page = try ProductQueryEvaluator.page(items, query: ProductQuery(page: PageRequest(limit: 100), filters: [.titlePrefix(prefix)]))
        #expect(Set(page.products.map(\.productID)) == Set(items.filter { $0.product.title != nil }.map(\.product.productID)))
        #expect(page.products.contains { $0.title == "  " })
    }

    @Test("not(titlePrefix) selects the untitled products and the titles that do not start with it")
    func negationKeepsUntitledProducts() throws {
        let items = try Self.hostileCatalogue()
        let page = try ProductQueryEvaluator.page(
            items, query: ProductQuery(page: PageRequest(limit: 100), sort: .title(), filters: [.not(.titlePrefix("m"))]))
        let untitled = items.filter { $0.product.title == nil }.map(\.product.productID)
        #expect(Array(page.products.prefix(2).map(\.productID)) == untitled)
        #expect(page.products.count == items.count - 7)
    }

    @Test("the evaluator, the record filter and a plain starts-with test select the same products for every prefix")
    func executorsAgree() throws {
        let items = try Self.hostileCatalogue()
        let records = items.map { item in
            StoredRecord(
                id: item.product.productID.recordID, payload: Data(), fields: item.product.indexedFields(syncState: item.syncState))
        }
        for prefix in Self.prefixes {
            for filter in [ProductFilterStrategy.titlePrefix(prefix), .not(.titlePrefix(prefix))] {
                for (item, record) in zip(items, records) {
                    let direct = ProductQueryEvaluator.matches([filter], product: item.product, syncState: item.syncState)
                    #expect(direct == RecordQueryEvaluator.matches(filter.recordFilter, record), "\(filter) \(item.product.productID)")
                    #expect(direct == PlainProductQuery.matches(filter, item.product, item.syncState), "\(filter) \(item.product.productID)")
                }
            }
        }
    }

    @Test("the record filter is hasPrefix on the title field the title sort orders by")
    func recordFilterUsesTheTitleSortField() throws {
        #expect(ProductFilterStrategy.titlePrefix("  Milk  CHOC").recordFilter == .hasPrefix("title", "milk choc"))
        #expect(ProductSortStrategy.title().recordSort.map(\.field) == [ProductIndexField.title.rawValue])
    }

    @Test(
        "a StorageProductStore pages prefix queries exactly like the evaluator, in both orders and with other filters",
        arguments: [RecordSortKey.Order.ascending, .descending])
    func storageProductStoreAgrees(_ order: RecordSortKey.Order) async throws {
        let items = try Self.hostileCatalogue()
        let store = StorageProductStore(storage: InMemoryStorageProvider())
        var transaction = ProductLocalTransaction()
        transaction.products = items.map { .init(product: $0.product, syncState: $0.syncState ?? .synced) }
        try await store.commit(transaction)
        // The store keeps a sync state for every product; the evaluator sees the same ones.
        let stored = items.map { (product: $0.product, syncState: Optional($0.syncState ?? .synced)) }
        for prefix in Self.prefixes {
            for filters in [[ProductFilterStrategy.titlePrefix(prefix)], [.titlePrefix(prefix), .syncState(.synced)], [.not(.titlePrefix(prefix))]] {
                for sort in [ProductSortStrategy(key: .title, order: order), ProductSortStrategy(key: .updatedAt, order: order)] {
                    var query = ProductQuery(page: PageRequest(limit: 3), sort: sort, filters: filters)
                    var pages = 0
                    while true {
                        let page = try await store.query(query)
                        let reference = try ProductQueryEvaluator.page(stored, query: query)
                        #expect(page.products.map(\.productID) == reference.products.map(\.productID), "\(query)")
                        #expect(page.nextCursor?.token == reference.nextCursor?.token, "\(query)")
                        pages += 1
                        guard pages < 20, let next = query.after(reference.nextCursor) else { break }
                        query = next
                    }
                }
            }
        }
    }

    @Test("titlePrefix round-trips through Codable, alone and nested, and in a query")
    func codableRoundTrip() throws {
        let filters: [ProductFilterStrategy] = [
            .titlePrefix("Mi"), .titlePrefix(""), .titlePrefix("a\u{10FFFF}"), .not(.titlePrefix("x\u{D7FF}")),
            .and([.titlePrefix("café"), .or([.text("milk"), .titlePrefix("🍎")])]),
        ]
        let data = try JSONEncoder().encode(filters)
        #expect(try JSONDecoder().decode([ProductFilterStrategy].self, from: data) == filters)
        let query = ProductQuery(page: PageRequest(limit: 7), sort: .title(.descending), filters: [.titlePrefix("牛")])
        #expect(try JSONDecoder().decode(ProductQuery.self, from: JSONEncoder().encode(query)) == query)
        let single = String(decoding: try JSONEncoder().encode(ProductFilterStrategy.titlePrefix("mi")), as: UTF8.self)
        #expect(single == #"{"titlePrefix":{"_0":"mi"}}"#)
    }

    @Test("a filter case this version does not know fails to decode with a DecodingError, as titlePrefix does in an older kit")
    func unknownCaseFailsClearly() throws {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProductFilterStrategy.self, from: Data(#"{"titleSuffix":{"_0":"mi"}}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(ProductFilterStrategy.self, from: Data(#"{"titlePrefix":{"_0":7}}"#.utf8))
        }
        // An older kit's enum: cases from before titlePrefix, coded the same way.
        enum OlderFilter: Codable { case barcode(String), brand(String), text(String) }
        let new = try JSONEncoder().encode(ProductFilterStrategy.titlePrefix("mi"))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(OlderFilter.self, from: new) }
        #expect(throws: Never.self) {
            try JSONDecoder().decode(OlderFilter.self, from: JSONEncoder().encode(ProductFilterStrategy.text("mi")))
        }
    }
}
