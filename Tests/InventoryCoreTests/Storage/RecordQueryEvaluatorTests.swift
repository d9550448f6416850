import Foundation
import InventoryKit
import Testing

@Suite("RecordQueryEvaluator: the reference query semantics")
struct RecordQueryEvaluatorTests {
    static func record(_ id: String, _ fields: [String: FieldValue]) -> StoredRecord {
        StoredRecord(id: RecordID(rawValue: id) ?? RecordID(UUID()), payload: Data(), fields: fields)
    }

    static let milk = record("1", ["brand": .string("acme"), "title": .string("milk"), "price": .double(1.5)])
    static let bread = record("2", ["brand": .string("bravo"), "title": .string("bread"), "price": .int(2)])
    static let eggs = record("3", ["title": .string("eggs"), "price": .null])

    @Test("filters match fields as documented", arguments: [
        (RecordFilter.equals("brand", .string("acme")), ["1"]),
        (.notEquals("brand", .string("acme")), ["2", "3"]),
        (.equals("brand", .null), ["3"]),
        (.lessThan("price", .int(2)), ["1", "3"]),
        (.greaterThanOrEqual("price", .double(2)), ["2"]),
        (.isIn("title", [.string("eggs"), .string("milk")]), ["1", "3"]),
        (.contains("title", "ea"), ["2"]),
        (.contains("title", "E"), []),
        (.hasPrefix("title", "m"), ["1"]),
        (.exists("price"), ["1", "2"]),
        (.and([]), ["1", "2", "3"]),
        (.or([]), []),
        (.or([.equals("brand", .string("acme")), .equals("title", .string("eggs"))]), ["1", "3"]),
        (.not(.exists("brand")), ["3"]),
    ])
    func filters(_ filter: RecordFilter, _ expected: [String]) throws {
        let page = try RecordQueryEvaluator.page([Self.eggs, Self.milk, Self.bread], query: RecordQuery(filter: filter))
        #expect(page.records.map(\.id.rawValue) == expected)
        #expect(filter.fieldNames.isEmpty == (filter == .and([]) || filter == .or([])))
    }

    @Test("sorting is total: ties break on the id, nulls first ascending and last descending")
    func sorting() throws {
        let records = [Self.eggs, Self.bread, Self.milk, Self.record("0", ["price": .int(2)])]
        let ascending = try RecordQueryEvaluator.page(records, query: RecordQuery(sort: [.ascending("price")]))
        #expect(ascending.records.map(\.id.rawValue) == ["3", "1", "0", "2"])
        let descending = try RecordQueryEvaluator.page(records, query: RecordQuery(sort: [.descending("price")]))
        #expect(descending.records.map(\.id.rawValue) == ["0", "2", "1", "3"])
    }

    @Test("keyset pages of every size visit each record exactly once")
    func pagination() throws {
        let records = (0..<97).map { Self.record(String(format: "r%03d", $0), ["group": .int(Int64($0 % 5))]) }
        for limit in [1, 2, 7, 50, 96, 97, 98] {
            var query = RecordQuery(sort: [.descending("group")], limit: limit)
            var seen: [String] = []
            while true {
                let page = try RecordQueryEvaluator.page(records.shuffled(), query: query)
                #expect(page.records.count <= limit)
                seen += page.records.map(\.id.rawValue)
                guard let next = query.after(page.nextCursor) else { break }
                query = next
            }
            #expect(seen.count == 97 && Set(seen).count == 97)
            #expect(seen == seen.sorted { lhs, rhs in
                let left = Int(lhs.dropFirst()) ?? 0
                let right = Int(rhs.dropFirst()) ?? 0
                return left % 5 != right % 5 ? left % 5 > right % 5 : lhs < rhs
            })
        }
    }
}
