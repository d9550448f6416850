import Foundation
import GRDB
import InventoryKit
import SQLiteStorage
import Testing

@Suite("SQLite record pages inside a long run of equal sort values")
struct SQLiteRecordPageTieTests {
    static let total = 3_000

    /// `total` records that all share one `day` (records written together share a date), some with another.
    static func storage() async throws -> SQLiteStorage {
        let storage = try SQLiteStorage.inMemory()
        for chunk in stride(from: 0, to: total, by: 500) {
            let records = (chunk..<chunk + 500).map { number in
                let id = RecordID(rawValue: String(format: "r%05d", number)) ?? RecordID(UUID())
                let day: FieldValue = number % 1_000 == 999 ? .int(2) : .int(1)
                return StoredRecord(id: id, payload: Data(id.rawValue.utf8), fields: ["day": day, "n": .int(Int64(number))])
            }
            try await storage.domainMetadata.apply(records.map { .put($0, in: "things") })
        }
        return storage
    }

    @Test(
        "a page deep inside the run costs about what the first page costs, ascending and descending, and the walk keeps every record once",
        arguments: [RecordSortKey.ascending("day"), .descending("day")])
    func pageInsideARunDoesNotReadTheRun(_ sort: RecordSortKey) async throws {
        let storage = try await Self.storage()
        let first = RecordQuery(sort: [sort], limit: 20)
        var deep = first
        var seen: [RecordID] = []
        for _ in 0..<140 {
            let page = try await storage.domainMetadata.query(deep, in: "things")
            seen += page.records.map(\.id)
            deep = try #require(deep.after(page.nextCursor))
        }
        #expect(Set(seen).count == 2_800 && seen.count == 2_800)

        guard let before = try await Self.pageStatementSteps(storage) else { return }
        let firstPage = try await storage.domainMetadata.query(first, in: "things")
        guard let afterFirst = try await Self.pageStatementSteps(storage) else { return }
        let deepPage = try await storage.domainMetadata.query(deep, in: "things")
        guard let afterDeep = try await Self.pageStatementSteps(storage) else { return }
        #expect(firstPage.records.count == 20 && deepPage.records.count == 20)
        let firstSteps = afterFirst - before
        let deepSteps = afterDeep - afterFirst
        #expect(deepSteps <= 2 * firstSteps + 100, "first page \(firstSteps) steps, deep page \(deepSteps) steps")
        #expect(deepSteps < Self.total, "the page inside the run took \(deepSteps) steps for \(Self.total) records")

        // The whole walk, to its end, is every record once, in the order of the sort and then the id.
        var all = seen
        var query: RecordQuery? = deep
        while let current = query {
            let page = try await storage.domainMetadata.query(current, in: "things")
            all += page.records.map(\.id)
            query = current.after(page.nextCursor)
        }
        let ascending = sort.order == .ascending
        let expected = (0..<Self.total).sorted { lhs, rhs in
            let (left, right) = (lhs % 1_000 == 999 ? 2 : 1, rhs % 1_000 == 999 ? 2 : 1)
            return left != right ? (ascending ? left < right : left > right) : lhs < rhs
        }.map { String(format: "r%05d", $0) }
        #expect(all.map(\.rawValue) == expected)
    }

    /// The virtual machine steps of the record page statements so far, or `nil` without the sqlite_stmt table.
    private static func pageStatementSteps(_ storage: SQLiteStorage) async throws -> Int? {
        try await storage.reader.read { db in
            try? Int.fetchOne(db, sql: "SELECT TOTAL(nstep) FROM sqlite_stmt WHERE sql LIKE 'SELECT d.id, r.revision%'")
        }
    }
}
