import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductModule

/// Query parity checks for product stores and gateways: paging through random queries (every sort key and
/// order, random filter trees) must return exactly the pages of `ProductQueryEvaluator` over the same
/// products, visit each product once, and stay stable when products are inserted between pages.
///
/// ```swift
/// @Test func sqliteStoreQueriesLikeTheReference() async {
///     let report = await ProductQueryConformance().run(local: { try SQLiteProductStore(path: temporaryPath()) })
///     #expect(report.failures == [])
/// }
/// ```
public struct ProductQueryConformance: Sendable {
    /// The seed of the random products and queries.
    public let seed: UInt64
    /// How many products are stored.
    public let productCount: Int
    /// How many random queries are paged through.
    public let queryCount: Int

    /// Creates the suite.
    public init(seed: UInt64 = 0xC0FF_EE42, productCount: Int = 400, queryCount: Int = 60) {
        self.seed = seed
        self.productCount = productCount
        self.queryCount = queryCount
    }

    /// Runs the checks against a local store, seeding it through `ProductLocalStore.commit(_:)` with random
    /// sync states.
    public func run(local makeStore: @Sendable () async throws -> any ProductLocalStore) async -> ConformanceReport {
        var report = ConformanceReport()
        do {
            let store = try await makeStore()
            var random = SeededRandomNumberGenerator(seed: seed)
            let items = makeProducts(using: &random).map { product in
                (product: product, syncState: SyncStatusKind.allCases[Int.random(in: 0..<4, using: &random)])
            }
            var transaction = ProductLocalTransaction()
            transaction.products = items.map { .init(product: $0.product, syncState: $0.syncState) }
            try await store.commit(transaction)
            try await checkParity(items: items, random: &random, report: &report) { try await store.query($0) }
            try await checkInserts(report: &report, query: { try await store.query($0) }) { product in
                var insert = ProductLocalTransaction()
                insert.products = [.init(product: product, syncState: .synced)]
                try await store.commit(insert)
            }
        } catch let failure as ConformanceFailure {
            report.failures.append(failure)
        } catch {
            report.failures.append(ConformanceFailure(check: "local", message: "unexpected error: \(error)"))
        }
        return report
    }

    /// Runs the checks against a remote gateway, seeding it by pushing the products.
    public func run(remote makeGateway: @Sendable () async throws -> any ProductRemoteGateway) async -> ConformanceReport {
        var report = ConformanceReport()
        do {
            let gateway = try await makeGateway()
            var random = SeededRandomNumberGenerator(seed: seed)
            let products = makeProducts(using: &random)
            for chunk in stride(from: 0, to: products.count, by: 100) {
                _ = try await gateway.push(products[chunk..<min(chunk + 100, products.count)].map(Self.request))
            }
            let items = products.map { (product: $0, syncState: SyncStatusKind?.none) }
            try await checkParity(items: items, random: &random, report: &report) { try await gateway.query($0) }
            try await checkInserts(report: &report, query: { try await gateway.query($0) }) { product in
                _ = try await gateway.push([Self.request(product)])
            }
        } catch let failure as ConformanceFailure {
            report.failures.append(failure)
        } catch {
            report.failures.append(ConformanceFailure(check: "remote", message: "unexpected error: \(error)"))
        }
        return report
    }

    // MARK: - Checks

    private func checkParity(
        items: [(product: Product, syncState: SyncStatusKind?)], random: inout SeededRandomNumberGenerator,
        report: inout ConformanceReport, query execute: (ProductQuery) async throws -> ProductPage
    ) async throws {
        let check = "queryParity"
        for round in 0..<queryCount {
            let key = ProductSortKey.allCases[round % ProductSortKey.allCases.count]
            let order: RecordSortKey.Order = (round / ProductSortKey.allCases.count) % 2 == 0 ? .ascending : .descending
            let filters = round % 3 == 0 ? [] : [randomFilter(depth: 0, using: &random)]
            var query = ProductQuery(
                page: PageRequest(limit: Int.random(in: 1...40, using: &random)), sort: ProductSortStrategy(key: key, order: order),
                filters: filters)
            var all = query
            all.page = PageRequest(limit: PageRequest.maximumLimit)
            let expected = try ProductQueryEvaluator.page(items, query: all).products.map(\.productID)
            var seen: [ProductID] = []
            for pageNumber in 0...items.count {
                let page = try await execute(query)
                let reference = try ProductQueryEvaluator.page(items, query: query)
                guard page.products.map(\.productID) == reference.products.map(\.productID) else {
                    throw ConformanceFailure(
                        check: check,
                        message: "round \(round) page \(pageNumber) (\(query.sort), \(filters)): got \(page.products.map(\.productID.rawValue)), "
                            + "expected \(reference.products.map(\.productID.rawValue))")
                }
                try conformanceCheck((page.nextCursor == nil) == (reference.nextCursor == nil), check,
                            "round \(round): the next cursor disagrees with the reference")
                seen += page.products.map(\.productID)
                guard let next = query.after(page.nextCursor) else { break }
                query = next
            }
            try conformanceCheck(seen == expected, check, "round \(round): paging visited \(seen.count) products, expected \(expected.count)")
        }
        report.passed.append(check)
    }

    private func checkInserts(
        report: inout ConformanceReport, query execute: (ProductQuery) async throws -> ProductPage,
        insert: (Product) async throws -> Void
    ) async throws {
        let check = "paginationUnderInserts"
        var query = ProductQuery(page: PageRequest(limit: 17), sort: .title(.ascending))
        var seen: [ProductID] = []
        var inserted: Set<ProductID> = []
        var index = 0
        while true {
            let page = try await execute(query)
            seen += page.products.map(\.productID)
            let early = Product(
                productID: ProductID.generated(UUID(fixtureNumber: 900_000 + index)), title: "  ", createdAt: Self.t0, updatedAt: Self.t0)
            try await insert(early)
            inserted.insert(early.productID)
            index += 1
            guard let next = query.after(page.nextCursor) else { break }
            query = next
            try conformanceCheck(index < 10_000, check, "pagination did not end")
        }
        try conformanceCheck(Set(seen).count == seen.count, check, "a product was returned twice")
        let originals = seen.filter { !inserted.contains($0) }
        try conformanceCheck(originals.count == productCount, check,
                    "paging visited \(originals.count) of the \(productCount) products present from the start")
        report.passed.append(check)
    }

    // MARK: - Data

    private static let t0 = Date(timeIntervalSinceReferenceDate: 780_000_000)
    private static let titles = ["Milk", "milk", "Oat Milk", "Bread", "Café au lait", "Zucchini", "Äpfel", "", nil]
    private static let brands = ["Acme", "acme ", "Brøderbund", "Zeta", nil]
    private static let categories = [("food", "dairy"), ("food", nil), ("household", "cleaning"), ("beverage", nil)]

    private static func request(_ product: Product) -> ProductPushRequest {
        ProductPushRequest(operationID: UUID(), change: .fixture(creating: product, replica: "conformance"))
    }

    private func makeProducts(using random: inout SeededRandomNumberGenerator) -> [Product] {
        (0..<productCount).map { index in
            let created = Self.t0 + Double(Int.random(in: 0...50, using: &random))
            let barcode: Barcode? = index % 3 == 0 ? Self.barcode(index) : nil
            let category = Self.categories[Int.random(in: 0..<Self.categories.count, using: &random)]
            return Product(
                productID: barcode?.productID ?? .generated(UUID(fixtureNumber: index)),
                barcode: barcode,
                title: Self.titles[Int.random(in: 0..<Self.titles.count, using: &random)],
                brand: Self.brands[Int.random(in: 0..<Self.brands.count, using: &random)],
                category: ProductCategory(main: category.0, sub: category.1),
                status: [.active, .draft, .archived][Int.random(in: 0..<3, using: &random)],
                searchKeywords: Bool.random(using: &random) ? ["organic"] : [],
                createdAt: created, updatedAt: created + Double(Int.random(in: 0...5, using: &random)))
        }
    }

    private static func barcode(_ index: Int) -> Barcode? {
        try? Barcode(GTIN.fixtureEAN13(index))
    }

    private func randomFilter(depth: Int, using random: inout SeededRandomNumberGenerator) -> ProductFilterStrategy {
        switch Int.random(in: 0..<(depth < 2 ? 10 : 7), using: &random) {
        case 0: return .brand(["ACME", "zeta", "brøderbund", "none"][Int.random(in: 0..<4, using: &random)])
        case 1: return .category(main: ["food", "household"][Int.random(in: 0..<2, using: &random)],
                                 sub: Bool.random(using: &random) ? "dairy" : nil)
        case 2: return .text(["milk", "MILK", "café", "organic", "x"][Int.random(in: 0..<5, using: &random)])
        case 3: return .status([.active, .draft, .archived, .blocked][Int.random(in: 0..<4, using: &random)])
        case 4: return .syncState(SyncStatusKind.allCases[Int.random(in: 0..<4, using: &random)])
        case 5: return .barcode(Self.barcode(Int.random(in: 0..<productCount, using: &random) / 3 * 3)?.value ?? "x")
        case 6: return .text("")
        case 7: return .and((0..<Int.random(in: 1...3, using: &random)).map { _ in randomFilter(depth: depth + 1, using: &random) })
        case 8: return .or((0..<Int.random(in: 1...3, using: &random)).map { _ in randomFilter(depth: depth + 1, using: &random) })
        default: return .not(randomFilter(depth: depth + 1, using: &random))
        }
    }
}
