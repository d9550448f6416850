import Foundation
import HTTPSync
import InventoryKit
import InventoryKitTesting
import InventoryModule
import InventoryModuleTesting
import InventorySync
import ProductModule
import ProductModuleTesting
import Testing

@Suite(
    "HTTP gateways against a real sync server", .serialized,
    .enabled(if: SyncServerFixture.postgresInstalled, SyncServerFixture.skipReason))
struct HTTPGatewayTests {
    @Test("products: push applies, a replay is applied again, a stale change conflicts with the server's record")
    func productPushAndConflict() async throws {
        let server = try SyncServerFixture.shared()
        let gateway = HTTPProductGateway(client: try HTTPTestSupport.client(server, try server.household(devices: 1)))
        let create = ProductChange.fixture(creating: try Product.fixture(title: "Oat milk"))
        let operation = UUID()
        let first = try await gateway.push([ProductPushRequest(operationID: operation, change: create)])
        guard case .applied(let sequence)? = first.first?.outcome else { Issue.record("not applied: \(first)"); return }
        let replay = try await gateway.push([ProductPushRequest(operationID: operation, change: create)])
        #expect(replay == [ProductPushResult(operationID: operation, outcome: .applied(sequence: sequence))])

        var stale = create
        stale.product?.title = "Oat drink"
        let conflicting = UUID()
        let conflict = try await gateway.push([ProductPushRequest(operationID: conflicting, change: stale)])
        guard case .conflict(let current)? = conflict.first?.outcome else { Issue.record("no conflict: \(conflict)"); return }
        #expect(conflict.first?.operationID == conflicting)
        #expect(current.product == create.product && current.stamp == create.stamp && current.sequence == sequence)
    }

    @Test("products: an id holding path characters (/, %, ?, #, spaces, non-ASCII) is fetched as one path segment")
    func productIDsWithPathCharacters() async throws {
        let server = try SyncServerFixture.shared()
        let gateway = HTTPProductGateway(client: try HTTPTestSupport.client(server, try server.household(devices: 1)))
        for raw in ["a/b", "50%off", "tea&biscuits?#", "..", "café"] {
            let id = try ProductID(raw)
            let product = Product(productID: id, title: raw, createdAt: .fixtureEpoch, updatedAt: .fixtureEpoch)
            _ = try await gateway.push([ProductPushRequest(operationID: UUID(), change: .fixture(creating: product))])
            #expect(try await gateway.fetch(id)?.product == product, "\(raw)")
        }
    }

    @Test("products: fetch, tombstones, the change feed and queries")
    func productFetchChangesAndQuery() async throws {
        let server = try SyncServerFixture.shared()
        let gateway = HTTPProductGateway(client: try HTTPTestSupport.client(server, try server.household(devices: 1)))
        let milk = ProductChange.fixture(creating: try Product.fixture(title: "Milk"))
        let apples = ProductChange.fixture(creating: try Product.fixture(title: "Apples"))
        _ = try await gateway.push([milk, apples].map { ProductPushRequest(operationID: UUID(), change: $0) })
        #expect(try await gateway.fetch(milk.productID)?.product == milk.product)
        #expect(try await gateway.fetch(try ProductID("prd_\(UUID().uuidString.lowercased())")) == nil)

        let later = SyncStamp.fixture(version: 2, updatedAt: Date.fixtureEpoch + 100)
        let deletion = ProductChange(productID: apples.productID, product: nil, stamp: later, baseStamp: apples.stamp)
        let deleted = try await gateway.push([ProductPushRequest(operationID: UUID(), change: deletion)])
        guard case .applied(let deletedAt)? = deleted.first?.outcome else { Issue.record("not applied: \(deleted)"); return }
        let tombstone = try #require(try await gateway.fetch(apples.productID))
        #expect(tombstone.product == nil && tombstone.stamp == later)

        let feed = try await gateway.changes(after: nil, limit: 100)
        #expect(feed.records.map(\.productID) == [milk.productID, apples.productID], "one record per product, latest state")
        #expect(feed.records.last?.product == nil && feed.cursor == deletedAt && !feed.hasMore)
        let firstPage = try await gateway.changes(after: nil, limit: 1)
        #expect(firstPage.records.map(\.productID) == [milk.productID] && firstPage.hasMore)
        #expect(try await gateway.changes(after: deletedAt, limit: 100).records.isEmpty)

        let page = try await gateway.query(ProductQuery(sort: .title()))
        #expect(page.products.map(\.productID) == [milk.productID], "deleted products are not listed")
    }

    @Test("named entities: the server joins spellings, answers a key held by another id with the holder, serves each record once")
    func namedEntities() async throws {
        let server = try SyncServerFixture.shared()
        let gateway = HTTPNamedEntityGateway(client: try HTTPTestSupport.client(server, try server.household(devices: 1)))
        let kind = NamedEntityKind.category
        let key = kind.key(for: "Dairy")
        let created = Date(timeIntervalSinceReferenceDate: 800_000_000)
        let dairy = NamedEntity(id: kind.id(for: key), kind: kind.name, semanticKey: key, displayName: "Dairy", createdAt: created, updatedAt: created)
        var respelled = dairy
        respelled.displayName = "DAIRY"
        respelled.createdAt = created.addingTimeInterval(60)
        respelled.updatedAt = respelled.createdAt
        let entries = [dairy, respelled].enumerated().map { index, entity in
            NamedEntityOutboxEntry(operationID: UUID(), entityID: RecordID(entity.id).rawValue, sequence: Int64(index + 1),
                payload: NamedEntityChange(entity: entity), enqueuedAt: created)
        }
        let pushed = try await gateway.push(entries)
        #expect(entries.allSatisfy { if case .applied? = pushed[$0.operationID] { true } else { false } }, "\(pushed)")
        let replay = try await gateway.push([entries[0]])
        #expect(replay.count == 1, "a replay is answered again")

        // Another id with the same key: the server keeps one live record a key and answers with it.
        var stranger = dairy
        stranger.id = UUID()
        stranger.displayName = "dairy"
        let intruder = NamedEntityOutboxEntry(operationID: UUID(), entityID: RecordID(stranger.id).rawValue, sequence: 3,
            payload: NamedEntityChange(entity: stranger), enqueuedAt: created)
        let conflict = try await gateway.push([intruder])
        guard case .conflict(let holder)? = conflict[intruder.operationID] else { Issue.record("no conflict: \(conflict)"); return }
        #expect(holder.id == dairy.id && holder.displayName == "Dairy" && holder.aliases == ["DAIRY"])

        let feed = try await gateway.changes(after: nil, limit: 100)
        #expect(feed.changes == [holder] && !feed.hasMore, "one record, joined, served once")
        #expect(try await gateway.changes(after: feed.cursor, limit: 100).changes.isEmpty)
    }

    @Test("journal: push appends once by entry id, a replay is a duplicate, the feed returns the entries as pushed")
    func journalRoundTrip() async throws {
        let server = try SyncServerFixture.shared()
        let client = try HTTPTestSupport.client(server, try server.household(devices: 1))
        let gateway = HTTPInventoryGateway(client: client)
        let household = client.configuration.householdID
        let entries = [
            InventoryJournalEntry.fixture(.createHousehold(name: "Home"), in: household),
            InventoryJournalEntry.fixture(
                .createHousehold(name: "Home again"), in: household, recordedAt: Date.fixtureEpoch + 1),
        ]
        let pushed = try await gateway.push(entries)
        let sequences = pushed.compactMap { result -> Int64? in
            if case .applied(let sequence) = result.outcome { return sequence }
            return nil
        }
        #expect(pushed.map(\.entryID) == entries.map(\.id) && sequences.count == 2)
        #expect(try await gateway.push(entries) == pushed, "a replay answers the first sequences")

        let feed = try await gateway.changes(of: household, after: nil, limit: 100)
        #expect(feed.entries == entries && feed.cursor == sequences.last && !feed.hasMore)

        let foreign = InventoryJournalEntry.fixture(.createHousehold(name: "Elsewhere"), in: HouseholdID(UUID()))
        let refused = try await gateway.push([foreign])
        guard case .rejected? = refused.first?.outcome else { Issue.record("accepted: \(refused)"); return }
        await #expect(throws: RemoteSyncError.self) { try await gateway.changes(of: HouseholdID(UUID()), after: nil, limit: 10) }
    }

    @Test("a push of more than 500 operations is split into requests the server accepts")
    func largePushIsSplit() async throws {
        let server = try SyncServerFixture.shared()
        let client = try HTTPTestSupport.client(server, try server.household(devices: 1))
        let gateway = HTTPInventoryGateway(client: client)
        let entries = (0..<1_201).map { index in
            InventoryJournalEntry.fixture(
                .createHousehold(name: "Home \(index)"), in: client.configuration.householdID,
                recordedAt: .fixtureEpoch + Double(index))
        }
        let results = try await gateway.push(entries)
        #expect(results.count == entries.count)
        #expect(results.allSatisfy { if case .applied = $0.outcome { true } else { false } })
        var cursor: Int64?
        var pulled: [InventoryJournalEntry] = []
        while true {
            let page = try await gateway.changes(of: client.configuration.householdID, after: cursor, limit: 1000)
            pulled += page.entries
            cursor = page.cursor
            if !page.hasMore { break }
        }
        #expect(pulled == entries)
    }

    @Test("a revoked device is unauthorized, a stopped server is offline, a cursor past the log asks for a resync")
    func failures() async throws {
        let server = try SyncServerFixture.shared()
        let household = try server.household(devices: 2)
        let client = try HTTPTestSupport.client(server, household, device: 1)
        let products = HTTPProductGateway(client: client)
        let journal = HTTPInventoryGateway(client: client)

        await #expect(throws: RemoteSyncError.resyncRequired("")) {
            do { _ = try await products.changes(after: 1_000_000, limit: 10) } catch RemoteSyncError.resyncRequired {
                throw RemoteSyncError.resyncRequired("")
            }
        }

        try server.revoke(household.devices[1])
        do {
            _ = try await journal.push([.fixture(.createHousehold(name: "Home"), in: client.configuration.householdID)])
            Issue.record("a revoked device pushed")
        } catch let error as RemoteSyncError {
            guard case .unauthorized(let message) = error else { Issue.record("not unauthorized: \(error)"); return }
            #expect(!message.isEmpty && !message.contains(household.devices[1].token))
        }
        await #expect(throws: RemoteSyncError.self) { _ = try await products.changes(after: nil, limit: 10) }
        let other = try HTTPTestSupport.client(server, household, device: 0)
        #expect(try await HTTPProductGateway(client: other).changes(after: nil, limit: 10).records.isEmpty, "the other device goes on")

        var stopped = try HTTPSyncConfiguration(server: try HTTPTestSupport.stoppedServer(), household: household.id, token: "t")
        stopped.requestTimeout = 5
        let offline = HTTPProductGateway(client: HTTPSyncClient(configuration: stopped))
        await #expect(throws: RemoteSyncError.offline) { _ = try await offline.fetch(try ProductID("prd_\(UUID().uuidString.lowercased())")) }
    }
}
