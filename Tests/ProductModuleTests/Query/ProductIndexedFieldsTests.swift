import Foundation
import InventoryKit
import InventorySync
import ProductModule
import Testing

@Suite("Product indexed fields and their RecordQuery translation")
struct ProductIndexedFieldsTests {
    @Test("the indexed fields hold normalized text, ids, raw states and dates")
    func indexedFields() throws {
        var milk = try ProductFixtures.milk()
        milk.title = "  Organic   MILK "
        milk.searchKeywords = ["Whole  Milk", "LAIT"]
        let fields = milk.indexedFields(syncState: .pendingUpsert)
        #expect(fields == [
            "title": .string("organic milk"), "brand": .string("fresh farm"), "barcode": .string("0123456789012"),
            "categoryMain": .string("food"), "categorySub": .string("dairy"), "status": .string("active"),
            "syncState": .string("pendingUpsert"), "updatedAt": .date(milk.updatedAt),
            "createdAt": .date(milk.createdAt), "searchText": .string("organic milk\nfresh farm\nwhole milk\nlait"),
        ])
        #expect(Set(fields.keys) == Set(ProductIndexField.allCases.map(\.rawValue)))
    }

    @Test("missing values index as null and the search text stays a string")
    func nullFields() {
        let draft = Product(productID: .generated(ProductFixtures.uuid), createdAt: ProductFixtures.epoch, updatedAt: ProductFixtures.epoch)
        let fields = draft.indexedFields(syncState: nil)
        for name in ["title", "brand", "barcode", "categoryMain", "categorySub", "syncState"] {
            #expect(fields[name] == .null, "\(name)")
        }
        #expect(fields["searchText"] == .string(""))
    }

    @Test("filters translate to record filters on the indexed fields, input normalized once", arguments: [
        (ProductFilterStrategy.barcode("0 12345 67890 5"), RecordFilter.equals("barcode", .string("0012345678905"))),
        (.barcode("12345"), .or([])),
        (.brand("  FRESH  Farm"), .equals("brand", .string("fresh farm"))),
        (.category(main: "food"), .equals("categoryMain", .string("food"))),
        (.category(main: "food", sub: "dairy"),
         .and([.equals("categoryMain", .string("food")), .equals("categorySub", .string("dairy"))])),
        (.text(" Organic  MILK "), .contains("searchText", "organic milk")),
        (.status(.archived), .equals("status", .string("archived"))),
        (.syncState(.failed), .equals("syncState", .string("failed"))),
        (.and([.status(.active)]), .and([.equals("status", .string("active"))])),
        (.or([]), .or([])),
        (.not(.text("x")), .not(.contains("searchText", "x"))),
    ])
    func recordFilters(_ filter: ProductFilterStrategy, _ expected: RecordFilter) {
        #expect(filter.recordFilter == expected)
    }

    @Test("a query translates its sort, limit, cursor and AND-ed filters")
    func recordQuery() throws {
        #expect(try ProductQuery().recordQuery() == RecordQuery(filter: nil, sort: [.descending("updatedAt")], limit: 50))
        let single = ProductQuery(page: PageRequest(limit: 7), sort: .title(), filters: [.status(.draft)])
        #expect(try single.recordQuery() == RecordQuery(
            filter: .equals("status", .string("draft")), sort: [.ascending("title")], limit: 7))
        let both = ProductQuery(sort: .createdAt(.ascending), filters: [.status(.draft), .brand("Acme")])
        #expect(try both.recordQuery().filter == .and([
            .equals("status", .string("draft")), .equals("brand", .string("acme")),
        ]))
        #expect(try both.recordQuery().sort == [.ascending("createdAt")])
    }

    @Test("sort strategies name their key and default direction", arguments: [
        (ProductSortStrategy.updatedAt(), "updatedAt desc"), (.createdAt(), "createdAt desc"),
        (.title(), "title asc"), (.brand(), "brand asc"), (.title(.descending), "title desc"),
    ])
    func sortStrategies(_ strategy: ProductSortStrategy, _ text: String) {
        #expect(strategy.description == text)
        #expect(strategy.recordSort == [RecordSortKey(strategy.key.rawValue, strategy.order)])
    }
}
