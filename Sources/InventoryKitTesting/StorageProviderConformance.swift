import Foundation
import InventoryKit

/// The checks every `StorageProvider` adapter must pass: record round trips and revisions, atomic batches,
/// preconditions, scope and collection isolation, query parity with `RecordQueryEvaluator` (filters, sort,
/// keyset pagination under concurrent inserts), blobs with hostile ids, and input validation.
///
/// Run it from a test of your adapter; each check gets a fresh provider from your factory:
///
/// ```swift
/// @Test func myProviderConforms() async {
///     let report = await StorageProviderConformance { try MyProvider(directory: makeTemporaryDirectory()) }.run()
///     #expect(report.failures == [])
/// }
/// ```
public struct StorageProviderConformance: Sendable {
    /// Makes a new, empty provider for one check.
    public let makeProvider: @Sendable () async throws -> any StorageProvider
    /// The seed of the randomized query-parity check.
    public let seed: UInt64
    /// How many records the query-parity check stores.
    public let recordCount: Int

    /// Creates the suite for a provider factory.
    public init(
        seed: UInt64 = 0x1D_C0FFEE, recordCount: Int = 300,
        makeProvider: @escaping @Sendable () async throws -> any StorageProvider
    ) {
        self.seed = seed
        self.recordCount = recordCount
        self.makeProvider = makeProvider
    }

    /// The checks, by name.
    public static let checkNames = [
        "recordRoundTrip", "revisionsAndPreconditions", "batchIsAtomic", "commitIsAtomicAcrossScopes",
        "scopesAndCollectionsAreIsolated", "invalidInputIsRejected", "queryParity", "paginationUnderInserts",
        "blobs", "concurrentWrites",
    ]

    /// Runs every check and reports which held.
    public func run() async -> ConformanceReport {
        var report = ConformanceReport()
        for name in Self.checkNames {
            await report.record(name) { try await run(name, on: try await makeProvider()) }
        }
        return report
    }

    private func run(_ name: String, on provider: any StorageProvider) async throws {
        switch name {
        case "recordRoundTrip": try await recordRoundTrip(provider)
        case "revisionsAndPreconditions": try await revisionsAndPreconditions(provider)
        case "batchIsAtomic": try await batchIsAtomic(provider)
        case "commitIsAtomicAcrossScopes": try await commitIsAtomicAcrossScopes(provider)
        case "scopesAndCollectionsAreIsolated": try await scopesAndCollectionsAreIsolated(provider)
        case "invalidInputIsRejected": try await invalidInputIsRejected(provider)
        case "queryParity": try await queryParity(provider)
        case "paginationUnderInserts": try await paginationUnderInserts(provider)
        case "blobs": try await blobs(provider)
        case "concurrentWrites": try await concurrentWrites(provider)
        default: throw ConformanceFailure(check: name, message: "unknown check")
        }
    }

    // MARK: - Checks

    private func recordRoundTrip(_ provider: any StorageProvider) async throws {
        let check = "recordRoundTrip"
        let store = provider.domainMetadata
        let id = try RecordID("../../etc/passwd")
        let record = StoredRecord(
            id: id, payload: Data(#"{"title":"Lait ½ écrémé 🥛"}"#.utf8),
            fields: ["title": .string("lait"), "n": .int(3), "x": .double(2.5), "b": .bool(true),
                     "d": .date(Date(timeIntervalSinceReferenceDate: 12.5)), "z": .null])
        try await store.put(record, in: "things")
        let loaded = try await store.record(id, in: "things")
        try conformanceCheck(loaded?.payload == record.payload, check, "payload did not round-trip")
        try conformanceCheck(loaded?.revision == 1, check, "a new record has revision \(String(describing: loaded?.revision)), not 1")
        for (key, value) in record.fields where !value.isNull {
            try conformanceCheck(loaded?[field: key].matches(value) == true, check, "field \(key) read back as \(String(describing: loaded?[field: key]))")
        }
        try await store.put(StoredRecord(id: id, payload: Data("{}".utf8)), in: "things")
        let replaced = try await store.record(id, in: "things")
        try conformanceCheck(replaced?.revision == 2, check, "a replaced record has revision \(String(describing: replaced?.revision)), not 2")
        try conformanceCheck(replaced?.payload == Data("{}".utf8), check, "the replaced payload was not stored")
        let missing = try await store.record(try RecordID("missing"), in: "things")
        try conformanceCheck(missing == nil, check, "a missing record was returned")
        try await store.delete(try RecordID("missing"), in: "things")
        try await store.delete(id, in: "things")
        let deleted = try await store.record(id, in: "things")
        try conformanceCheck(deleted == nil, check, "a deleted record was still returned")
        let many = try (0..<5).map { StoredRecord(id: try RecordID("r\($0)"), payload: Data("\($0)".utf8)) }
        try await store.apply(many.map { .put($0, in: "things") })
        let fetched = try await store.records(
            [try RecordID("r3"), try RecordID("nope"), try RecordID("r1")], in: "things")
        try conformanceCheck(fetched.map(\.id.rawValue) == ["r3", "r1"], check, "records(_:in:) returned \(fetched.map(\.id.rawValue))")
        let counted = try await store.count(matching: nil, in: "things")
        try conformanceCheck(counted == 5, check, "count is \(counted), not 5")
        // Ids are case-sensitive whatever the volume: `Milk` and `milk` are two records and two blobs.
        for (name, text) in [("Milk", "upper"), ("milk", "lower")] {
            try await store.put(StoredRecord(id: try RecordID(name), payload: Data(text.utf8)), in: "cased")
            try await provider.userData.write(Data(text.utf8), to: try RecordID(name))
        }
        for (name, text) in [("Milk", "upper"), ("milk", "lower")] {
            let record = try await store.record(try RecordID(name), in: "cased")
            let blob = try await provider.userData.read(try RecordID(name))
            try conformanceCheck(
                record?.payload == Data(text.utf8) && blob == Data(text.utf8), check,
                "ids that differ only in case share a record or a blob (\(name))")
        }
    }

    private func revisionsAndPreconditions(_ provider: any StorageProvider) async throws {
        let check = "revisionsAndPreconditions"
        let store = provider.userMetadata
        let id = try RecordID("item")
        let first = StoredRecord(id: id, payload: Data("1".utf8))
        try await store.put(first, in: "items", precondition: .absent)
        try await expectPreconditionFailure(check, "create-only on an existing record") {
            try await store.put(StoredRecord(id: id, payload: Data("2".utf8)), in: "items", precondition: .absent)
        }
        try await expectPreconditionFailure(check, "a stale revision") {
            try await store.put(StoredRecord(id: id, payload: Data("2".utf8)), in: "items", precondition: .revision(7))
        }
        try await expectPreconditionFailure(check, "update-only on a missing record") {
            try await store.put(
                StoredRecord(id: try RecordID("other"), payload: Data()), in: "items", precondition: .exists)
        }
        let unchanged = try await store.record(id, in: "items")
        try conformanceCheck(unchanged?.payload == Data("1".utf8) && unchanged?.revision == 1, check,
                    "a rejected write changed the record")
        try await store.put(StoredRecord(id: id, payload: Data("3".utf8)), in: "items", precondition: .revision(1))
        let updated = try await store.record(id, in: "items")
        try conformanceCheck(updated?.revision == 2 && updated?.payload == Data("3".utf8), check, "compare-and-swap did not write")
        try await expectPreconditionFailure(check, "deleting at a stale revision") {
            try await store.delete(id, in: "items", precondition: .revision(1))
        }
        try await store.delete(id, in: "items", precondition: .revision(2))
        let gone = try await store.record(id, in: "items")
        try conformanceCheck(gone == nil, check, "delete at the current revision did not delete")
    }

    private func batchIsAtomic(_ provider: any StorageProvider) async throws {
        let check = "batchIsAtomic"
        let store = provider.domainMetadata
        let a = try RecordID("a")
        let b = try RecordID("b")
        try await store.put(StoredRecord(id: a, payload: Data("a1".utf8)), in: "items")
        try await expectPreconditionFailure(check, "a batch whose last write fails") {
            try await store.apply([
                .put(StoredRecord(id: a, payload: Data("a2".utf8)), in: "items"),
                .put(StoredRecord(id: b, payload: Data("b1".utf8)), in: "items"),
                .delete(a, in: "items", precondition: .revision(99)),
            ])
        }
        let stillA = try await store.record(a, in: "items")
        let noB = try await store.record(b, in: "items")
        try conformanceCheck(stillA?.payload == Data("a1".utf8) && noB == nil, check, "a rejected batch was partly written")
        try await store.apply([
            .put(StoredRecord(id: b, payload: Data("b1".utf8)), in: "items", precondition: .absent),
            .put(StoredRecord(id: b, payload: Data("b2".utf8)), in: "items", precondition: .revision(1)),
            .delete(a, in: "items"),
        ])
        let finalB = try await store.record(b, in: "items")
        let finalA = try await store.record(a, in: "items")
        try conformanceCheck(finalB?.revision == 2 && finalB?.payload == Data("b2".utf8), check,
                    "writes in one batch did not see the earlier writes of the batch")
        try conformanceCheck(finalA == nil, check, "a delete in a batch was not applied")
    }

    private func commitIsAtomicAcrossScopes(_ provider: any StorageProvider) async throws {
        let check = "commitIsAtomicAcrossScopes"
        let id = try RecordID("p1")
        try await provider.domainMetadata.put(StoredRecord(id: id, payload: Data("v1".utf8)), in: "products")
        let failing = StorageBatch(
            user: [.put(StoredRecord(id: try RecordID("op1"), payload: Data("op".utf8)), in: "outbox")],
            domain: [.put(StoredRecord(id: id, payload: Data("v2".utf8)), in: "products", precondition: .revision(5))])
        try await expectPreconditionFailure(check, "a commit whose domain write fails") {
            try await provider.commit(failing)
        }
        let outbox = try await provider.userMetadata.record(try RecordID("op1"), in: "outbox")
        try conformanceCheck(outbox == nil, check, "the user write of a rejected commit was kept")
        let ok = StorageBatch(
            user: [.put(StoredRecord(id: try RecordID("op1"), payload: Data("op".utf8)), in: "outbox")],
            domain: [.put(StoredRecord(id: id, payload: Data("v2".utf8)), in: "products", precondition: .revision(1))])
        try await provider.commit(ok)
        let product = try await provider.domainMetadata.record(id, in: "products")
        let entry = try await provider.userMetadata.record(try RecordID("op1"), in: "outbox")
        try conformanceCheck(product?.payload == Data("v2".utf8) && entry != nil, check, "a commit did not write both scopes")
        try await provider.commit(StorageBatch())
    }

    private func scopesAndCollectionsAreIsolated(_ provider: any StorageProvider) async throws {
        let check = "scopesAndCollectionsAreIsolated"
        let id = try RecordID("same")
        try await provider.userMetadata.put(StoredRecord(id: id, payload: Data("user".utf8)), in: "things")
        try await provider.domainMetadata.put(StoredRecord(id: id, payload: Data("domain".utf8)), in: "things")
        try await provider.domainMetadata.put(StoredRecord(id: id, payload: Data("other".utf8)), in: "others")
        let user = try await provider.userMetadata.record(id, in: "things")
        let domain = try await provider.domainMetadata.record(id, in: "things")
        let other = try await provider.domainMetadata.record(id, in: "others")
        try conformanceCheck(user?.payload == Data("user".utf8), check, "user scope read \(String(describing: user))")
        try conformanceCheck(domain?.payload == Data("domain".utf8), check, "domain scope read \(String(describing: domain))")
        try conformanceCheck(other?.payload == Data("other".utf8), check, "a second collection read \(String(describing: other))")
        try conformanceCheck(provider.userMetadata.scope == .user && provider.domainMetadata.scope == .domain, check,
                    "metadata stores report the wrong scope")
        try conformanceCheck(provider.userData.scope == .user && provider.domainData.scope == .domain, check,
                    "data stores report the wrong scope")
    }

    private func invalidInputIsRejected(_ provider: any StorageProvider) async throws {
        let check = "invalidInputIsRejected"
        let store = provider.userMetadata
        // Invalid collection names cannot be made (a literal stops the program, `RecordCollection(_:)` throws, decoding
        // fails), so there is nothing of them to check here.
        do {
            _ = try await store.query(RecordQuery(limit: 0), in: "things")
            throw ConformanceFailure(check: check, message: "a query with limit 0 was accepted")
        } catch StorageError.invalidQuery {}
        let wrongSort = RecordQuery(
            sort: [.ascending("a")],
            cursor: RecordCursor(sort: [.descending("b")], values: [.null], lastID: try RecordID("x")))
        do {
            _ = try await store.query(wrongSort, in: "things")
            throw ConformanceFailure(check: check, message: "a cursor made for another sort order was accepted")
        } catch StorageError.invalidCursor {}
        do {
            _ = try await provider.userData.list(after: nil, limit: 0)
            throw ConformanceFailure(check: check, message: "a blob listing with limit 0 was accepted")
        } catch StorageError.invalidQuery {}
    }

    private func queryParity(_ provider: any StorageProvider) async throws {
        let check = "queryParity"
        var random = SeededRandomNumberGenerator(seed: seed)
        let records = (0..<recordCount).map { index in Self.randomRecord(index, using: &random) }
        for chunk in stride(from: 0, to: records.count, by: 100) {
            try await provider.domainMetadata.apply(
                records[chunk..<min(chunk + 100, records.count)].map { .put($0, in: "parity") })
        }
        let stored = try await provider.domainMetadata.records(records.map(\.id), in: "parity")
        try conformanceCheck(stored.count == records.count, check, "stored \(stored.count) of \(records.count) records")
        for round in 0..<40 {
            let filter = round % 5 == 0 ? nil : Self.randomFilter(depth: 0, using: &random)
            let sort = Self.randomSort(using: &random)
            let limit = Int.random(in: 1...60, using: &random)
            var query = RecordQuery(filter: filter, sort: sort, limit: limit)
            let expected = try Self.allPages(of: stored, query: query)
            var seen: [RecordID] = []
            var pages = 0
            while true {
                let page = try await provider.domainMetadata.query(query, in: "parity")
                let reference = try RecordQueryEvaluator.page(stored, query: query)
                try conformanceCheck(page.records.map(\.id) == reference.records.map(\.id), check,
                            "round \(round), page \(pages): \(query) returned \(page.records.map(\.id.rawValue)), "
                                + "the reference \(reference.records.map(\.id.rawValue))")
                try conformanceCheck((page.nextCursor == nil) == (reference.nextCursor == nil), check,
                            "round \(round): the page's next cursor disagrees with the reference")
                let payloads = try await provider.domainMetadata.queryPayloads(query, in: "parity")
                try conformanceCheck(
                    payloads.records.map(\.id) == page.records.map(\.id)
                        && payloads.records.map(\.payload) == page.records.map(\.payload)
                        && payloads.records.map(\.revision) == page.records.map(\.revision)
                        && payloads.nextCursor == page.nextCursor, check,
                    "round \(round), page \(pages): queryPayloads returned \(payloads.records.map(\.id.rawValue)), "
                        + "query \(page.records.map(\.id.rawValue)) (or their payloads, revisions or cursors differ)")
                seen += page.records.map(\.id)
                pages += 1
                guard let next = query.after(page.nextCursor), pages <= recordCount + 1 else { break }
                query = next
            }
            try conformanceCheck(seen == expected, check, "round \(round): paging visited \(seen.count) records, expected \(expected.count)")
            let counted = try await provider.domainMetadata.count(matching: filter, in: "parity")
            try conformanceCheck(counted == expected.count, check, "round \(round): count is \(counted), expected \(expected.count)")
        }
    }

    private func paginationUnderInserts(_ provider: any StorageProvider) async throws {
        let check = "paginationUnderInserts"
        let store = provider.domainMetadata
        let initial = try (0..<100).map { index in
            StoredRecord(id: try RecordID(String(format: "id-%03d", index * 2)), payload: Data(),
                         fields: ["rank": .int(Int64(index * 2))])
        }
        try await store.apply(initial.map { .put($0, in: "ranked") })
        var query = RecordQuery(sort: [.ascending("rank")], limit: 7)
        var seen: [RecordID] = []
        var inserted = 0
        while true {
            let page = try await store.query(query, in: "ranked")
            seen += page.records.map(\.id)
            // Insert one record before the cursor (must not appear) and one far after it (must appear).
            let before = StoredRecord(id: try RecordID("before-\(inserted)"), payload: Data(), fields: ["rank": .int(-1)])
            let after = StoredRecord(id: try RecordID("after-\(inserted)"), payload: Data(), fields: ["rank": .int(1_000 + Int64(inserted))])
            try await store.apply([.put(before, in: "ranked"), .put(after, in: "ranked")])
            inserted += 1
            guard let next = query.after(page.nextCursor) else { break }
            query = next
            try conformanceCheck(inserted < 1_000, check, "pagination did not terminate")
        }
        try conformanceCheck(Set(seen).count == seen.count, check, "a record was returned twice")
        try conformanceCheck(!seen.contains { $0.rawValue.hasPrefix("before-") }, check, "a record inserted before the cursor appeared")
        let initialIDs = Set(initial.map(\.id))
        try conformanceCheck(initialIDs.isSubset(of: Set(seen)), check, "a record present from the start was skipped")
        let afters = seen.filter { $0.rawValue.hasPrefix("after-") }.count
        try conformanceCheck(afters >= inserted - 1, check, "records inserted after the cursor were skipped (\(afters) of \(inserted))")
    }

    private func blobs(_ provider: any StorageProvider) async throws {
        let check = "blobs"
        let store = provider.userData
        let hostile = try RecordID("../../etc/passwd")
        let slashy = try RecordID("images/front.jpg")
        let unicode = try RecordID("Ω-ünïcødé")
        try await store.write(Data("secret".utf8), to: hostile)
        try await store.write(Data(), to: slashy)
        try await store.write(Data(repeating: 0xAB, count: 70_000), to: unicode)
        let first = try await store.read(hostile)
        let second = try await store.read(slashy)
        let third = try await store.read(unicode)
        try conformanceCheck(first == Data("secret".utf8), check, "a blob with id ../../etc/passwd did not round-trip")
        try conformanceCheck(second == Data(), check, "an empty blob did not round-trip")
        try conformanceCheck(third == Data(repeating: 0xAB, count: 70_000), check, "a 70 KB blob did not round-trip")
        let other = try await provider.domainData.read(hostile)
        try conformanceCheck(other == nil, check, "a user blob was visible in the domain data store")
        try await store.write(Data("new".utf8), to: hostile)
        let replaced = try await store.read(hostile)
        try conformanceCheck(replaced == Data("new".utf8), check, "a blob was not replaced")
        var listed: [RecordID] = []
        var after: RecordID?
        while true {
            let page = try await store.list(after: after, limit: 2)
            listed += page
            guard page.count == 2, let last = page.last else { break }
            after = last
        }
        try conformanceCheck(listed == [hostile, slashy, unicode].sorted(), check, "listing returned \(listed)")
        let deleted = try await store.delete(hostile)
        let deletedAgain = try await store.delete(hostile)
        let afterDelete = try await store.read(hostile)
        try conformanceCheck(deleted && !deletedAgain && afterDelete == nil, check, "delete did not report or remove the blob")
    }

    private func concurrentWrites(_ provider: any StorageProvider) async throws {
        let check = "concurrentWrites"
        let store = provider.userMetadata
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await store.put(StoredRecord(id: try RecordID("c\(index)"), payload: Data("\(index)".utf8)), in: "concurrent")
                }
            }
            try await group.waitForAll()
        }
        let total = try await store.count(matching: nil, in: "concurrent")
        try conformanceCheck(total == 50, check, "\(total) of 50 concurrent writes landed")
        let counter = try RecordID("counter")
        try await store.put(StoredRecord(id: counter, payload: Data("0".utf8)), in: "concurrent")
        let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<10 {
                group.addTask {
                    do {
                        try await store.put(StoredRecord(id: counter, payload: Data("\(index)".utf8)), in: "concurrent",
                                            precondition: .revision(1))
                        return true
                    } catch StorageError.preconditionFailed {
                        return false
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        try conformanceCheck(winners == 1, check, "\(winners) of 10 racing compare-and-swap writes succeeded, expected exactly 1")
    }
}
