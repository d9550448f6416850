import Foundation
import HTTPSync
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule
import Testing

/// What one device writes, every device reads exactly: per seed, one device writes generated journal entries,
/// products and named entities at the edges of every value (``WireValueGenerator``) and pushes them through a real
/// server on PostgreSQL; a second device on the other kind of store pulls them. The second device's canonical
/// state — the fold's checkpoint bytes, every journal entry, product and category record in the kit's encoding —
/// must be byte-equal to the first's, before and after both stores are closed and reopened. Replays of journal
/// entries with their ids in other case spellings answer `duplicate` with the first `seq`, and the log never holds
/// an entry twice (checked in SQL).
///
/// Households of 10 seeds each, half from SQLite to a JSON-file store, half the other way: 8 households (80 seeds) in
/// a normal run, 20 (200 seeds) in a long one (``PropertyRunSize``).
@Suite(
    "Exact values on the wire: a second device reads byte for byte what the first wrote", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct WireRoundTripTests {
    static let seedsPerHousehold = 10

    @Test(arguments: 0..<PropertyRunSize.seeds(normal: 8, long: 20))
    func aSecondDeviceReadsExactlyWhatTheFirstWrote(household number: Int) async throws {
        let server = try SyncServerFixture.shared()
        let serverHousehold = try server.household(named: "Wire \(number)", devices: 2)
        let household = HouseholdID(serverHousehold.id)
        let kinds: (WireDevice.StoreKind, WireDevice.StoreKind) = number.isMultiple(of: 2) ? (.sqlite, .json) : (.json, .sqlite)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wire-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let folders = (root.appendingPathComponent("a"), root.appendingPathComponent("b"))
        for folder in [folders.0, folders.1] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let clients = (
            try HTTPTestSupport.client(server, serverHousehold, device: 0), try HTTPTestSupport.client(server, serverHousehold, device: 1)
        )
        var writer = try await WireDevice.open(kinds.0, in: folders.0, replica: ReplicaID("wire-a"), client: clients.0)
        var reader = try await WireDevice.open(kinds.1, in: folders.1, replica: ReplicaID("wire-b"), client: clients.1)
        var productIDs: [ProductID] = []
        var written: [Data] = []

        for seed in (number * Self.seedsPerHousehold)..<((number + 1) * Self.seedsPerHousehold) {
            var values = WireValueGenerator(seed: UInt64(seed) + 1)
            let context = "household \(number) (\(kinds.0.rawValue) to \(kinds.1.rawValue)), seed \(seed)"

            // A product at its edges, added on the writer, pulled by the reader.
            let product = try Product.new(
                barcode: nil, title: values.name(), brand: values.name(),
                packaging: ProductPackaging(quantity: values.extremeMagnitude(), displayText: values.name()), id: values.uuid(),
                now: values.date())
            let added = try await writer.products.addProducts([product])
            #expect(added.added.count == 1, "\(context): \(added)")
            productIDs.append(product.productID)
            _ = try await writer.products.syncPending()
            _ = try await reader.products.syncPending()
            #expect(try await writer.products.pendingCount() == 0, "\(context)")

            // Journal entries, committed on the writer with their outbox entries as its service would.
            let references = productIDs.compactMap { ProductReference(rawValue: $0.rawValue) }
            let entries = values.journalEntries(5, household: household, replica: writer.replica, products: references)
            try await Self.commit(entries, to: writer.inventoryStore)
            written += try entries.map { try RecordCoding.encode($0) }
            let writing = writer.inventory()
            let report = try await writing.syncPending(households: [household])
            await writing.waitForBackgroundWork()
            let quarantined = try await writing.quarantinedEntries().map { "\($0)" }
            #expect(try await writing.pendingCount() == 0, "\(context): every entry acknowledged: \(report) \(quarantined)")
            let reading = reader.inventory()
            _ = try await reading.syncPending(households: [household])
            await reading.waitForBackgroundWork()

            // A category named from every plane.
            _ = try await writer.namedEntities.repository(for: .category).getOrCreate(values.name())
            _ = try await writer.namedEntities.sync()
            _ = try await reader.namedEntities.sync()

            try await Self.expectEqualStates(writer, reader, household: household, products: productIDs, context)
            #expect(
                try await writer.journalBytes(of: household) == written.sorted { Self.id(of: $0) < Self.id(of: $1) },
                "\(context): the writer's store keeps the entries as written")

            // Replays in other spellings, under new op ids, are duplicates of the first seq.
            let entry = entries[values.index(entries.count)]
            let first = try await Self.replay(entry, spelled: entry.id.uuidString.lowercased(), with: clients.0)
            #expect(first.status == "duplicate", "\(context): \(first)")
            for _ in 0..<2 {
                let spelling = values.spelling(of: entry.id)
                let again = try await Self.replay(entry, spelled: spelling, with: clients.1)
                #expect(again.status == "duplicate" && again.seq == first.seq, "\(context): \(spelling) \(again)")
            }
        }

        // Both stores closed and reopened: what they persisted is still byte-equal.
        try await writer.shutDown()
        try await reader.shutDown()
        writer = try await WireDevice.open(kinds.0, in: folders.0, replica: ReplicaID("wire-a"), client: clients.0)
        reader = try await WireDevice.open(kinds.1, in: folders.1, replica: ReplicaID("wire-b"), client: clients.1)
        try await Self.expectEqualStates(writer, reader, household: household, products: productIDs, "household \(number) reopened")
        let held = try await reader.journalBytes(of: household).count + reader.snapshotEntryIDs(of: household).count
        #expect(held == Self.seedsPerHousehold * 5)
        #expect(try await !reader.snapshotEntryIDs(of: household).isEmpty, "the reader did not join from the server's snapshot")
        try await writer.shutDown()
        try await reader.shutDown()

        let journal = "FROM changes WHERE household_id = '\(serverHousehold.id.uuidString.lowercased())' AND kind = 'journal'"
        let twice = try ChaosEvidence.count("SELECT count(*) - count(DISTINCT lower(entity_id)) \(journal)", databaseURL: server.databaseURL)
        #expect(twice == 0, "the log holds no journal entry twice")
        #expect(try ChaosEvidence.count("SELECT count(*) \(journal)", databaseURL: server.databaseURL) == Self.seedsPerHousehold * 5)
    }

    // MARK: - Steps

    private static func expectEqualStates(
        _ writer: WireDevice, _ reader: WireDevice, household: HouseholdID, products: [ProductID], _ context: String
    ) async throws {
        // The reader joined from the server's snapshot: the entries it holds there are compared through the state.
        let inSnapshot = try await reader.snapshotEntryIDs(of: household)
        let journals = (
            try await writer.journalBytes(of: household, excluding: inSnapshot), try await reader.journalBytes(of: household)
        )
        #expect(journals.0 == journals.1, "\(context): journals differ\(firstDifference(journals.0, journals.1))")
        let states = (try await writer.inventoryBytes(of: household), try await reader.inventoryBytes(of: household))
        #expect(!states.0.isEmpty && states.0 == states.1, "\(context): folded states differ (\(states.0.count) and \(states.1.count) bytes)")
        let catalogs = (try await writer.productBytes(products), try await reader.productBytes(products))
        #expect(catalogs.0.allSatisfy { $0 != nil } && catalogs.0 == catalogs.1, "\(context): products differ")
        let categories = (try await writer.categoryBytes(), try await reader.categoryBytes())
        #expect(!categories.0.isEmpty && categories.0 == categories.1, "\(context): categories differ")
    }

    private static func firstDifference(_ one: [Data], _ other: [Data]) -> String {
        guard let index = one.indices.first(where: { $0 < other.count && one[$0] != other[$0] }) else { return " in count: \(one.count) and \(other.count)" }
        return ":\n\(String(decoding: one[index], as: UTF8.self))\n\(String(decoding: other[index], as: UTF8.self))"
    }

    /// The `id` member of an encoded entry, for ordering as ``WireDevice/journalBytes(of:)`` does.
    private static func id(of encoded: Data) -> String {
        ((try? RecordCoding.decode(InventoryJournalEntry.self, from: encoded))?.id.uuidString) ?? ""
    }

    /// Commits entries and their outbox entries (keyed by household, as the service keys them) to a device's store in
    /// one transaction.
    private static func commit(_ entries: [InventoryJournalEntry], to store: any InventoryJournalStore) async throws {
        let last = try await store.lastOutboxSequence()
        var transaction = InventoryLocalTransaction()
        transaction.entries = entries
        transaction.outboxEntries = entries.enumerated().map { index, entry in
            InventoryOutboxEntry(
                operationID: entry.id, entityID: entry.householdID.rawValue, sequence: last + 1 + Int64(index),
                payload: InventoryJournalChange(entry: entry), enqueuedAt: Date())
        }
        try await store.commit(transaction)
    }

    /// What the server answered one replayed operation.
    struct ReplayAnswer: Decodable, CustomStringConvertible {
        var status: String
        var seq: Int64?
        var description: String { "\(status) \(seq.map(String.init) ?? "-")" }
    }

    /// Pushes `entry` again under a new op id, its `entityId` spelled as given.
    private static func replay(_ entry: InventoryJournalEntry, spelled spelling: String, with client: HTTPSyncClient) async throws
        -> ReplayAnswer
    {
        let payload = String(decoding: try RecordCoding.encode(entry), as: UTF8.self)
        let body = #"{"operations":[{"opId":"\#(UUID().uuidString)","kind":"journal","entityId":"\#(spelling)","payload":\#(payload)}]}"#
        let answer = try await client.post(["push"], json: Data(body.utf8))
        struct Results: Decodable { var results: [ReplayAnswer] }
        let results = try JSONDecoder().decode(Results.self, from: answer.body).results
        return try #require(results.first)
    }
}
