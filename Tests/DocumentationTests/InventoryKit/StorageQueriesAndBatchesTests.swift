import Foundation
import InventoryKit
import InventoryKitTesting
import Testing

// snippet: storage-record-type
/// A record type: `Codable`, a collection, an id, and the fields queries may filter and sort on.
struct Bottle: StorableRecord, Equatable {
    static let collection: RecordCollection = "bottles"
    var id: UUID
    var name: String
    var year: Int

    var recordID: RecordID { RecordID(id) }
    var indexedFields: [String: FieldValue] { ["name": .string(name), "year": .int(Int64(year))] }
}

/// A record of the user's own, kept in the user store.
struct TastingNote: StorableRecord {
    static let collection: RecordCollection = "tasting-notes"
    var bottle: RecordID
    var text: String

    var recordID: RecordID { bottle }
}
// end snippet

@Suite("Storage queries and batches (DocC: Querying and batching storage)")
struct StorageQueriesAndBatchesTests {
    static func filledCellar() async throws -> (InMemoryStorageProvider, [Bottle]) {
        let storage = InMemoryStorageProvider()
        let bottles = [("Chablis", 2019), ("Chianti", 2004), ("Chinon", 1998), ("Chateau Musar", 2011), ("Rioja", 2015)]
            .map { Bottle(id: InventoryIDGenerator.generate(for: .product, semanticName: $0.0), name: $0.0, year: $0.1) }
        for bottle in bottles { try await storage.domainMetadata.save(bottle) }
        return (storage, bottles)
    }

    @Test("a filtered, sorted query pages through every match with after(_:)")
    func pages() async throws {
        let (storage, _) = try await Self.filledCellar()
        var names: [String] = []
        func show(_ bottles: [Bottle]) { names += bottles.map(\.name) }
        // snippet: storage-query-pages
        let cellar = storage.domainMetadata
        let vintage = RecordQuery(
            filter: .and([.greaterThanOrEqual("year", .int(2000)), .hasPrefix("name", "Ch")]),
            sort: [.descending("year")], limit: 2)
        var next: RecordQuery? = vintage
        while let query = next {
            let page = try await cellar.query(Bottle.self, query)   // typed: decodes every record
            show(page.records)
            next = query.after(page.nextCursor)                     // nil after the last page
        }
        // end snippet
        #expect(names == ["Chablis", "Chateau Musar", "Chianti"])
    }

    @Test("a cursor token resumes a query in a later request")
    func cursorToken() async throws {
        let (storage, _) = try await Self.filledCellar()
        let cellar = storage.domainMetadata
        let vintage = RecordQuery(sort: [.ascending("year")], limit: 2)
        // snippet: storage-cursor-token
        let first = try await cellar.query(Bottle.self, vintage)
        let token = first.nextCursor?.token          // an opaque, URL-safe string: hand it to a client
        // … a later request brings the token back:
        var resumed = vintage
        resumed.cursor = try token.map { try RecordCursor(token: $0) }   // StorageError.invalidCursor if tampered
        let second = try await cellar.query(Bottle.self, resumed)
        // end snippet
        #expect(first.records.map(\.year) == [1998, 2004])
        #expect(second.records.map(\.year) == [2011, 2015])
    }

    @Test("count and all read every page; all returns stored records to decode")
    func countAndAll() async throws {
        let (storage, _) = try await Self.filledCellar()
        let cellar = storage.domainMetadata
        // snippet: storage-count-all
        let recent = try await cellar.count(matching: .greaterThanOrEqual("year", .int(2010)), in: Bottle.collection)
        let stored = try await cellar.all(sort: [.ascending("name")], in: Bottle.collection)   // every page
        let bottles = try stored.map { try Bottle.decode($0) }
        // end snippet
        #expect(recent == 3)
        #expect(bottles.map(\.name) == ["Chablis", "Chateau Musar", "Chianti", "Chinon", "Rioja"])
    }

    @Test("apply is atomic per store; commit is atomic across both metadata stores; preconditions guard writes")
    func batches() async throws {
        let (storage, bottles) = try await Self.filledCellar()
        var merlot = Bottle(id: UUID(), name: "Merlot", year: 2020)
        let chinon = bottles[2]
        // snippet: storage-batches
        // One store: the writes apply in order, all or nothing, each with an optional precondition.
        try await storage.domainMetadata.apply([
            try .save(merlot, precondition: .absent),                 // only if it is new
            .delete(chinon.recordID, in: Bottle.collection, precondition: .exists),
        ])
        // Both metadata stores, all or nothing: a user's note and the shared record it belongs to.
        merlot.year = 2021
        let current = try await storage.domainMetadata.record(merlot.recordID, in: Bottle.collection)
        try await storage.commit(StorageBatch(
            user: [try .save(TastingNote(bottle: merlot.recordID, text: "Smooth"))],
            domain: [try .save(merlot, precondition: .revision(current?.revision ?? 0))]))   // optimistic lock
        // A precondition that does not hold rejects the whole batch:
        do {
            try await storage.domainMetadata.save(merlot, precondition: .absent)
        } catch StorageError.preconditionFailed(_, let id, _, let actualRevision) {
            print("\(id) exists at revision \(actualRevision ?? 0)")   // reload, merge, retry
        }
        // end snippet
        #expect(try await storage.domainMetadata.load(Bottle.self, id: merlot.recordID)?.year == 2021)
        #expect(try await storage.domainMetadata.load(Bottle.self, id: chinon.recordID) == nil)
        #expect(try await storage.userMetadata.load(TastingNote.self, id: merlot.recordID)?.text == "Smooth")
    }
}
