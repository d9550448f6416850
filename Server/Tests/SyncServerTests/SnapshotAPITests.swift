import Crypto
import Foundation
import HTTPTypes
import HummingbirdTesting
import InventoryKit
import InventoryModule
import InventorySync
import NIOCore
import PostgresNIO
import ProductModule
import SyncWire
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// Snapshot bootstrap over HTTP: `GET snapshot` describes the replica's newest saved state (one is saved on demand
/// when none reaches `atLeast`), `GET snapshot/{seq}/state` serves its bytes exactly, immutable and revalidated by
/// ETag; what the bytes decode to is the fold of the whole journal; the products listed are the live ones the lots
/// refer to; an empty journal, a dropped state, foreign and feed tokens and an erased household are answered as
/// documented.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct SnapshotAPITests {
    static let milk = "4006381333931"
    static let eggs = "4000417025005"
    static let flour = "4008400404127"
    static let ink = "4006381333948"

    /// A household that bought milk, eggs and flour (the server holds records of milk, eggs and ink, not flour)
    /// and pushed it all.
    static func stockedHousehold(_ server: SyncServerHarness) async throws
        -> (SyncServer.HouseholdID, BearerToken, HouseholdJournal)
    {
        let (household, token, _) = try await server.household()
        let records = [
            try KitPayloads.product(milk, title: "Milk"), try KitPayloads.product(eggs, title: "Eggs"),
            try KitPayloads.product(ink, title: "Ink, never bought"),
        ]
        _ = try await server.results(household, token: token, try records.map {
            try KitPayloads.productChange($0.productID, product: $0, stamp: KitPayloads.stamp(1), baseStamp: nil)
        })
        var journal = HouseholdJournal(of: household)
        try journal.run(.createHousehold(name: "Home"))
        try journal.run(.defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")))
        try journal.run(.defineLocation(LocationDefinition(id: LocationID.derived(household: journal.household, name: "Fridge"), name: "Fridge")))
        let day = try CalendarDay(year: 2026, month: 3, day: 20)
        try journal.buy(milk, 1, due: day)
        try journal.buy(eggs, Decimal(string: "6.000000000000000000001") ?? 6, due: day)
        try journal.buy(flour, 2, due: day)
        try await push(server, household, token, journal.entries)
        return (household, token, journal)
    }

    static func push(
        _ server: SyncServerHarness, _ household: SyncServer.HouseholdID, _ token: BearerToken, _ entries: [InventoryJournalEntry]
    ) async throws {
        let results = try await server.results(household, token: token, try HouseholdJournal.operations(entries))
        guard results.allSatisfy({ $0.status == .applied }) else {
            throw HarnessFailure(description: "the journal was not applied: \(results)")
        }
    }

    static func get(
        _ server: SyncServerHarness, _ path: String, _ token: BearerToken?, ifNoneMatch: String? = nil
    ) async throws -> TestResponse {
        var headers = SyncServerHarness.headers(token)
        if let ifNoneMatch { headers[.ifNoneMatch] = ifNoneMatch }
        let response = try await server.client.execute(uri: path, method: .get, headers: headers)
        OpenAPIContractTests.expectConforms(response, "get", path, try OpenAPIContractTests.repositoryDocument().1)
        return response
    }

    static func snapshot(_ server: SyncServerHarness, _ household: SyncServer.HouseholdID, _ token: BearerToken, query: String = "")
        async throws -> Snapshot
    {
        let response = try await get(server, "/v1/households/\(household)/snapshot\(query)", token)
        guard response.status == .ok else {
            throw HarnessFailure(description: "snapshot answered \(response.status): \(String(buffer: response.body))")
        }
        return try decode(Snapshot.self, response)
    }

    /// The `through_seq` of the household's saved states, newest first.
    static func savedSeqs(_ server: SyncServerHarness, _ household: SyncServer.HouseholdID) async throws -> [Int64] {
        try await server.store.replicaCheckpointSeqs(of: household)
    }

    /// The stored bytes of the household's saved state through `seq`.
    static func storedBytes(_ server: SyncServerHarness, _ household: SyncServer.HouseholdID, _ seq: Int64) async throws -> Data {
        try #require(try await server.store.replicaCheckpoint(of: household, through: seq)).state
    }

    /// The kit's canonical bytes of a state: equal for equal states however they were reached.
    static func canonical(_ state: InventoryState) throws -> Data {
        try InventoryCheckpoint.canonicalBytes(of: state)
    }

    @Test func aSavedStateIsServedAsStoredAndDecodesToTheFoldOfTheWholeJournal() async throws {
        try await withSyncServer { server in
            let (household, token, journal) = try await Self.stockedHousehold(server)
            // A replica that saves every fold: the household's state is saved before any snapshot is asked for.
            var policy = HouseholdReplicas.Policy()
            policy.checkpointInterval = 1
            let saver = HouseholdReplicas(store: server.store, policy: policy, logger: server.store.logger)
            let folded = try await saver.view(of: household, atLeast: nil)
            #expect(try await Self.savedSeqs(server, household) == [folded.seq])

            let snapshot = try await Self.snapshot(server, household, token)
            #expect(snapshot.seq == folded.seq)
            #expect(try await Self.savedSeqs(server, household) == [folded.seq], "the saved state is served, none added")
            #expect(snapshot.format == "inventorykit-checkpoint")
            #expect(snapshot.state == "/v1/households/\(household)/snapshot/\(folded.seq)/state")

            let response = try await Self.get(server, snapshot.state, token)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/octet-stream")
            let bytes = Data(response.body.readableBytesView)
            #expect(bytes == (try await Self.storedBytes(server, household, folded.seq)))
            #expect(Int64(bytes.count) == snapshot.stateBytes)
            #expect(SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined() == snapshot.stateSHA256)
            #expect(bytes.prefix(4) == Data("IKCP".utf8))
            #expect(snapshot.formatVersion == Int(bytes[bytes.startIndex + 4]))

            let mark = try RecordCoding.decode(InventoryCheckpointMark.self, from: Data(snapshot.mark.text.utf8))
            let state = try InventoryCheckpoint(mark: mark, stateData: bytes).state()
            #expect(try Self.canonical(state) == (try Self.canonical(InventoryProjector.project(journal.entries))))
            #expect(mark.entryCount == journal.entries.count)
        }
    }

    @Test func productsAreTheLiveRecordsTheLotsReferToAndNoneWhenDeclined() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await Self.stockedHousehold(server)
            let snapshot = try await Self.snapshot(server, household, token)
            // Flour is bought but the server holds no record of it; ink has a record but no lot.
            #expect(snapshot.products.map(\.id) == [Self.eggs, Self.milk].sorted())
            for product in snapshot.products {
                let record = try await Self.get(server, "/v1/households/\(household)/products/\(product.id)", token)
                #expect(try JSONValue(jsonText: product.payload.text) == (try JSONValue(jsonText: String(buffer: record.body))))
                let remote = try KitPayloads.decode(RemoteProductRecord.self, product.payload)
                #expect(remote.product?.productID.rawValue == product.id)
            }
            let bare = try await Self.snapshot(server, household, token, query: "?products=false")
            #expect(bare.products.isEmpty)
            #expect(bare.seq == snapshot.seq && bare.stateSHA256 == snapshot.stateSHA256)
        }
    }

    @Test func atLeastBeyondTheNewestSavedStateSavesAFreshOneThroughTheHead() async throws {
        try await withSyncServer { server in
            let (household, token, journal) = try await Self.stockedHousehold(server)
            let first = try await Self.snapshot(server, household, token)
            #expect(try await Self.savedSeqs(server, household) == [first.seq])

            var more = journal
            let before = more.entries.count
            try more.buy(Self.milk, 3, due: try CalendarDay(year: 2026, month: 4, day: 1))
            try await Self.push(server, household, token, Array(more.entries[before...]))
            // Without atLeast, the saved state still qualifies.
            #expect(try await Self.snapshot(server, household, token).seq == first.seq)

            let fresh = try await Self.snapshot(server, household, token, query: "?atLeast=\(first.seq + 1)")
            #expect(fresh.seq > first.seq)
            #expect(try await Self.savedSeqs(server, household) == [fresh.seq, first.seq])
            let bytes = Data(try await Self.get(server, fresh.state, token).body.readableBytesView)
            let mark = try RecordCoding.decode(InventoryCheckpointMark.self, from: Data(fresh.mark.text.utf8))
            let state = try InventoryCheckpoint(mark: mark, stateData: bytes).state()
            #expect(try Self.canonical(state) == (try Self.canonical(InventoryProjector.project(more.entries))))

            for query in ["?atLeast=-1", "?atLeast=x", "?products=maybe"] {
                let refused = try await Self.get(server, "/v1/households/\(household)/snapshot\(query)", token)
                #expect(refused.status == .badRequest, "\(query)")
                #expect(String(buffer: refused.body).contains("invalid_request"), "\(query)")
            }
        }
    }

    @Test func concurrentRequestsForAnUnsavedHouseholdSaveOneStateAndServeIt() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await Self.stockedHousehold(server)
            async let first = Self.snapshot(server, household, token)
            async let second = Self.snapshot(server, household, token, query: "?products=false")
            async let third = Self.snapshot(server, household, token, query: "?atLeast=1")
            let answers = try await [first, second, third]
            let saved = try await Self.savedSeqs(server, household)
            #expect(saved.count == 1)
            #expect(answers.allSatisfy { $0.seq == saved.first && $0.stateSHA256 == answers[0].stateSHA256 })
        }
    }

    @Test func aHouseholdWithNothingToFoldHasNoSnapshot() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let empty = try await Self.get(server, "/v1/households/\(household)/snapshot", token)
            #expect(empty.status == .notFound)
            #expect(String(buffer: empty.body).contains("\"no_snapshot\""))
            // Products alone are no journal to fold.
            let pen = try KitPayloads.product()
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ])
            let productsOnly = try await Self.get(server, "/v1/households/\(household)/snapshot", token)
            #expect(productsOnly.status == .notFound)
            #expect(String(buffer: productsOnly.body).contains("\"no_snapshot\""))
            #expect(try await Self.savedSeqs(server, household).isEmpty)
        }
    }

    @Test func aReplacedStateIsGoneAndAKeptOneRevalidatesWithItsETag() async throws {
        try await withSyncServer { server in
            let (household, token, journal) = try await Self.stockedHousehold(server)
            let first = try await Self.snapshot(server, household, token)
            var more = journal
            var latest = first
            // Four newer states: the replica keeps the newest four, so the first one is dropped.
            for round in 1...4 {
                let before = more.entries.count
                try more.buy(Self.milk, Decimal(round), due: try CalendarDay(year: 2026, month: 4, day: round))
                try await Self.push(server, household, token, Array(more.entries[before...]))
                latest = try await Self.snapshot(server, household, token, query: "?atLeast=\(latest.seq + 1)")
            }
            #expect(try await !Self.savedSeqs(server, household).contains(first.seq))
            for condition in [nil, "\"snapshot-\(first.seq)\""] {
                let gone = try await Self.get(server, first.state, token, ifNoneMatch: condition)
                #expect(gone.status == .notFound)
                #expect(String(buffer: gone.body).contains("\"snapshot_gone\""))
            }

            let served = try await Self.get(server, latest.state, token)
            #expect(served.status == .ok)
            let etag = try #require(served.headers[.eTag])
            #expect(etag == "\"snapshot-\(latest.seq)\"")
            #expect(served.headers[.cacheControl] == "private, max-age=31536000, immutable")
            for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
                let unchanged = try await Self.get(server, latest.state, token, ifNoneMatch: condition)
                #expect(unchanged.status == .notModified, "\(condition)")
                #expect(unchanged.body.readableBytes == 0)
                #expect(unchanged.headers[.eTag] == etag)
            }
            let other = try await Self.get(server, latest.state, token, ifNoneMatch: "\"snapshot-1\"")
            #expect(other.status == .ok && other.body.readableBytes > 0)
            for seq in ["0", "-3", "x"] {
                let refused = try await Self.get(server, "/v1/households/\(household)/snapshot/\(seq)/state", token)
                #expect(refused.status == .badRequest, "\(seq)")
            }
        }
    }

    @Test func feedTokensForeignDeviceTokensAndNoTokenAreRefused() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await Self.stockedHousehold(server)
            let (_, otherToken, _) = try await server.household("Other")
            let (_, feedToken) = try await server.store.addFeed(to: household, label: "Kitchen")
            let snapshot = try await Self.snapshot(server, household, token)
            for path in ["/v1/households/\(household)/snapshot", snapshot.state] {
                let feed = try await Self.get(server, path, feedToken)
                #expect(feed.status == .unauthorized, "\(path)")
                #expect(String(buffer: feed.body).contains("feed_token"), "\(path)")
                #expect(try await Self.get(server, path, otherToken).status == .forbidden, "\(path)")
                #expect(try await Self.get(server, path, nil).status == .unauthorized, "\(path)")
                #expect(try await Self.get(server, path, token).status == .ok, "\(path)")
            }
        }
    }

    @Test func erasingTheHouseholdRemovesItsSnapshots() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await Self.stockedHousehold(server)
            let snapshot = try await Self.snapshot(server, household, token)
            let erase = try await server.client.execute(
                uri: "/v1/households/\(household)", method: .delete, headers: SyncServerHarness.headers(token))
            #expect(erase.status == .noContent)
            #expect(try await Self.savedSeqs(server, household).isEmpty)
            // The household's tokens are revoked, as on every route; behind them, nothing is left to serve.
            for path in ["/v1/households/\(household)/snapshot", snapshot.state] {
                let refused = try await Self.get(server, path, token)
                #expect(refused.status == .unauthorized, "\(path)")
                #expect(String(buffer: refused.body).contains("household_erased"), "\(path)")
            }
            let service = SyncService(store: server.store)
            let replication = HouseholdReplication(store: server.store, service: service, logger: server.store.logger)
            await #expect(throws: APIError.self) {
                _ = try await replication.snapshots.snapshot(of: household, atLeast: 0, withProducts: true)
            }
            do {
                _ = try await replication.snapshots.snapshot(of: household, atLeast: 0, withProducts: true)
            } catch let error as APIError {
                #expect(error.code == .notFound)
            }
            do {
                _ = try await replication.snapshots.state(of: household, seq: snapshot.seq)
                Issue.record("the erased household's state was served")
            } catch let error as APIError {
                #expect(error.code == .snapshotGone)
            }
        }
    }
}
