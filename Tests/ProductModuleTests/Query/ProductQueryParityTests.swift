import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule
import Testing

@Suite("ProductQueryEvaluator agrees with RecordQueryEvaluator over indexed fields and with a plain filter and sort")
struct ProductQueryParityTests {
    typealias Item = (product: Product, syncState: SyncStatusKind?)

    static let catalogue = ProductFixtures.randomCatalogue(count: 600, seed: 99)
    static let records: [StoredRecord] = catalogue.map { item in
        StoredRecord(
            id: item.product.productID.recordID, payload: Data(),
            fields: item.product.indexedFields(syncState: item.syncState))
    }
    static let byID: [RecordID: Product] = Dictionary(
        uniqueKeysWithValues: catalogue.map { ($0.product.productID.recordID, $0.product) })

    @Test("500 random queries give the same pages through all three paths")
    func randomQueries() throws {
        var random = SeededRandomNumberGenerator(seed: 5)
        var nonEmpty = 0
        for _ in 0..<500 {
            let filters = (0..<Int.random(in: 0...2, using: &random)).map { _ in Self.randomFilter(depth: 0, &random) }
            let sort = ProductSortStrategy(
                key: ProductSortKey.allCases.randomElement(using: &random) ?? .title,
                order: Bool.random(using: &random) ? .ascending : .descending)
            let limit = Int.random(in: 1...60, using: &random)
            var query = ProductQuery(page: PageRequest(limit: limit), sort: sort, filters: filters)
            let expected = PlainProductQuery.all(Self.catalogue, sort: sort, filters: filters)
            if !expected.isEmpty { nonEmpty += 1 }
            var offset = 0
            // The first two pages: the second starts from the first's cursor.
            for _ in 0..<2 {
                let page = try ProductQueryEvaluator.page(Self.catalogue, query: query)
                let recordPage = try RecordQueryEvaluator.page(Self.records, query: query.recordQuery())
                let ids = page.products.map(\.productID.recordID)
                #expect(ids == recordPage.records.map(\.id), "\(query)")
                #expect(page.nextCursor?.token == recordPage.nextCursor?.token, "\(query)")
                let plain = expected.dropFirst(offset).prefix(limit).map(\.productID.recordID)
                #expect(ids == Array(plain), "\(query)")
                #expect((page.nextCursor != nil) == (expected.count > offset + limit))
                #expect(page.products.allSatisfy { Self.byID[$0.productID.recordID] == $0 })
                offset += limit
                guard let next = query.after(page.nextCursor) else { break }
                query = next
            }
        }
        #expect(nonEmpty > 250, "the random filters select something often enough to be meaningful")
    }

    @Test("matches(_:product:syncState:) agrees with the record filter for every product")
    func matchesAgrees() throws {
        var random = SeededRandomNumberGenerator(seed: 11)
        for _ in 0..<100 {
            let filter = Self.randomFilter(depth: 0, &random)
            for (item, record) in zip(Self.catalogue, Self.records) {
                let direct = ProductQueryEvaluator.matches([filter], product: item.product, syncState: item.syncState)
                #expect(direct == RecordQueryEvaluator.matches(filter.recordFilter, record))
                #expect(direct == PlainProductQuery.matches(filter, item.product, item.syncState))
            }
        }
    }

    // MARK: - Random filters

    static let barcodeInputs: [String] = {
        let barcodes = catalogue.compactMap(\.product.barcode?.value)
        let spaced = barcodes.prefix(5).map { String($0.prefix(1)) + " " + String($0.dropFirst()) }
        return Array(barcodes.prefix(20)) + spaced + ["123", "", "0036000291452", "4006381333931"]
    }()
    static let brandInputs: [String] = ProductFixtures.brands.compactMap { $0 } + ["FRESH FARM", "nobody", ""]
    static let textInputs = [
        "milk", "MILK", "  Milk ", "lait", "café", "CAFÉ AU", "é", "straße", "STRASSE", "bio", "free", "gluten free",
        "acme", "fresh farm", "a", "", " ", "zz", "eggs", "\n", "organic",
    ]
    static let categoryInputs: [(String, String?)] = [
        ("food", nil), ("food", "dairy"), ("food", "bakery"), ("beverage", nil), ("beverage", "juice"),
        ("household", nil), ("household", "x"), ("Food", nil),
    ]

    static func randomFilter(depth: Int, _ random: inout SeededRandomNumberGenerator) -> ProductFilterStrategy {
        let kind = Int.random(in: 0..<(depth < 3 ? 9 : 6), using: &random)
        switch kind {
        case 0: return .barcode(barcodeInputs.randomElement(using: &random) ?? "")
        case 1: return .brand(brandInputs.randomElement(using: &random) ?? "")
        case 2:
            let (main, sub) = categoryInputs.randomElement(using: &random) ?? ("food", nil)
            return .category(main: main, sub: sub)
        case 3: return .text(textInputs.randomElement(using: &random) ?? "")
        case 4: return .status(ProductStatus.allCases.randomElement(using: &random) ?? .active)
        case 5: return .syncState(SyncStatusKind.allCases.randomElement(using: &random) ?? .synced)
        case 6: return .and((0..<Int.random(in: 0...3, using: &random)).map { _ in randomFilter(depth: depth + 1, &random) })
        case 7: return .or((0..<Int.random(in: 0...3, using: &random)).map { _ in randomFilter(depth: depth + 1, &random) })
        default: return .not(randomFilter(depth: depth + 1, &random))
        }
    }
}
