import Foundation
import InventoryKit
import InventorySync
import ProductModule
import Testing

@Suite("ProductQuery: validation, cursors and coding")
struct ProductQueryValidationTests {
    @Test("limits outside 1...1000 are rejected", arguments: [0, -1, 1001, Int.max])
    func rejectsLimits(_ limit: Int) {
        let query = ProductQuery(page: PageRequest(limit: limit))
        #expect(throws: ProductQueryError.invalidLimit(limit)) { try query.validate() }
        #expect(throws: ProductQueryError.invalidLimit(limit)) { try query.recordQuery() }
        #expect(throws: ProductQueryError.invalidLimit(limit)) { try ProductQueryEvaluator.page([], query: query) }
    }

    @Test("limits inside 1...1000 are accepted; the default is 50, newest change first", arguments: [1, 50, 1000])
    func acceptsLimits(_ limit: Int) throws {
        try ProductQuery(page: PageRequest(limit: limit)).validate()
        let query = ProductQuery()
        #expect(query.page.limit == 50 && query.sort == .updatedAt(.descending) && query.filters.isEmpty)
    }

    @Test("a cursor made for another sort order is a cursorMismatch")
    func cursorMismatch() throws {
        let products = (0..<3).map { ProductFixtures.draft(title: "T\($0)").withID("prd_\($0)") }
        let first = try ProductQueryEvaluator.page(products, query: ProductQuery(page: PageRequest(limit: 1), sort: .title()))
        let cursor = try #require(first.nextCursor)
        let other = ProductQuery(page: PageRequest(limit: 1, cursor: cursor), sort: .title(.descending))
        #expect(throws: ProductQueryError.cursorMismatch(reason: "it was made for sort order [title asc], not [title desc]")) {
            try other.validate()
        }
        #expect(throws: ProductQueryError.self) { try ProductQueryEvaluator.page(products, query: other) }
    }

    @Test("tokens that no cursor made are invalidCursor", arguments: ["", "!!!", "e30", String(repeating: "A", count: 20_000)])
    func invalidTokens(_ token: String) {
        #expect {
            try PageCursor(token: token)
        } throws: { error in
            if case ProductQueryError.invalidCursor = error { return true }
            return false
        }
    }

    @Test("a cursor's values must fit its sort")
    func cursorValueCount() {
        let cursor = PageCursor(
            RecordCursor(sort: ProductSortStrategy.title().recordSort, values: [], lastID: RecordID(UUID())))
        #expect(throws: ProductQueryError.invalidCursor(reason: "it holds 0 values for 1 sort keys")) {
            try ProductQuery(page: PageRequest(cursor: cursor), sort: .title()).validate()
        }
    }

    @Test("cursors survive their token and coding; queries round-trip through coding")
    func coding() throws {
        let products = (0..<5).map { ProductFixtures.draft(title: "T\($0)").withID("prd_\($0)") }
        let query = ProductQuery(
            page: PageRequest(limit: 2), sort: .brand(.descending),
            filters: [.or([.text("t"), .not(.barcode("123"))]), .category(main: "food"), .syncState(.failed)])
        let page = try ProductQueryEvaluator.page(products, query: ProductQuery(page: PageRequest(limit: 2), sort: .brand(.descending)))
        let cursor = try #require(page.nextCursor)
        #expect(try PageCursor(token: cursor.token) == cursor)
        #expect(cursor.description == cursor.token)
        let encoded = try RecordCoding.encode(cursor)
        #expect(String(decoding: encoded, as: UTF8.self) == "\"\(cursor.token)\"")
        #expect(try RecordCoding.decode(PageCursor.self, from: encoded) == cursor)
        let withCursor = try #require(query.after(cursor))
        #expect(try RecordCoding.decode(ProductQuery.self, from: RecordCoding.encode(withCursor)) == withCursor)
        #expect(query.after(nil) == nil)
    }

    @Test("errors read well", arguments: [
        (ProductQueryError.invalidLimit(0), "invalid page limit 0: expected 1...1000"),
        (.cursorMismatch(reason: "r"), "the cursor does not belong to this query: r"),
        (.invalidCursor(reason: "r"), "invalid cursor: r"),
    ])
    func descriptions(_ error: ProductQueryError, _ text: String) {
        #expect(error.description == text)
        #expect(error.errorDescription == text)
    }
}

extension Product {
    /// The same product under another id (for query tests, where identity rules do not matter).
    func withID(_ raw: String) -> Product {
        guard let id = ProductID(rawValue: raw), let copy = try? replacingIDForTest(id) else { return self }
        return copy
    }
}
