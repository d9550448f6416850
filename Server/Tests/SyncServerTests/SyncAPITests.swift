import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PostgresNIO
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// The sync API against a real, throwaway PostgreSQL cluster (one per test), through the router.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct SyncAPITests {
    @Test func healthAndReadinessAnswerOK() async throws {
        try await withSyncServer { server in
            let health = try await server.client.execute(uri: "/v1/health", method: .get)
            #expect(health.status == .ok)
            #expect(try decode(Status.self, health) == Status(status: "ok"))
            let ready = try await server.firstReadiness(within: .seconds(20))
            #expect(ready.status == .ok, "not ready within 20 s: \(String(buffer: ready.body))")
            #expect(try decode(Status.self, ready) == Status(status: "ok"))
        }
    }

    @Test func pushedChangesArePulledBackInOrder() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            let entryID = UUID()
            let operations = [
                try KitPayloads.journal(of: household, id: entryID),
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
            ]
            let pushed = try await server.push(household, token: token, operations: operations)
            #expect(pushed.status == .ok)
            let results = try decode(PushResponse.self, pushed).results
            #expect(results.map(\.status) == [.applied, .applied])
            #expect(results.map(\.seq) == [1, 2])
            #expect(results.map(\.opId) == operations.map(\.opId))

            let page = try decode(ChangesResponse<JSONFragment>.self, try await server.pull(household, token: token))
            #expect(page.changes.map(\.opId) == operations.map(\.opId))
            #expect(page.changes.map(\.kind) == [.journal, .product])
            #expect(page.changes.map(\.entityId) == [entryID.uuidString.lowercased(), "4006381333931"])
            #expect(try page.changes[0].payload.value() == operations[0].payload.value())
            let record = try KitPayloads.decode(RemoteProductRecord.self, page.changes[1].payload)
            #expect(record == RemoteProductRecord(productID: pen.productID, product: pen, stamp: KitPayloads.stamp(1), sequence: 2))
            #expect(page.cursor == 2)
            #expect(page.hasMore == false)

            let empty = try decode(ChangesResponse<JSONFragment>.self, try await server.pull(household, token: token, after: 2))
            #expect(empty.changes.isEmpty)
            #expect(empty.cursor == 2)
        }
    }

    @Test func replayingABatchReportsEveryOperationAsDuplicateAndStoresNothingNew() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let operations = try (0..<5).map { _ in try KitPayloads.journal(of: household) }
            let first = try decode(PushResponse.self, try await server.push(household, token: token, operations: operations))
            #expect(first.results.allSatisfy { $0.status == .applied })

            let replay = try decode(PushResponse.self, try await server.push(household, token: token, operations: operations))
            #expect(replay.results.map(\.status) == Array(repeating: .duplicate, count: 5))
            #expect(replay.results.map(\.seq) == first.results.map(\.seq))

            let all = try await server.pullAll(household, token: token)
            #expect(all.changes.count == 5)
            #expect(all.changes.map(\.seq) == [1, 2, 3, 4, 5])

            // A later push continues the sequence without a gap: duplicates gave their numbers back.
            let next = try decode(PushResponse.self, try await server.push(household, token: token, operations: [try KitPayloads.journal(of: household)]))
            #expect(next.results.map(\.seq) == [6])
        }
    }

    @Test func concurrentPushersAreEachPulledExactlyOnceInCursorOrder() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let pushers = 8
            let batches = 5
            let batchSize = 10
            let pulledWhilePushing = try await withThrowingTaskGroup(of: [Change<JSONFragment>].self) { group in
                for _ in 0..<pushers {
                    group.addTask {
                        for _ in 0..<batches {
                            let operations = try (0..<batchSize).map { _ in try KitPayloads.journal(of: household) }
                            let response = try await server.push(household, token: token, operations: operations)
                            let results = try decode(PushResponse.self, response).results
                            #expect(results.allSatisfy { $0.status == .applied })
                        }
                        return []
                    }
                }
                // A puller following the cursor while the pushers run must never skip a change.
                group.addTask {
                    var cursor: Int64 = 0
                    var pulled: [Change<JSONFragment>] = []
                    for _ in 0..<40 {
                        let page = try decode(ChangesResponse<JSONFragment>.self, try await server.pull(household, token: token, after: cursor, limit: 7))
                        pulled += page.changes
                        cursor = page.cursor
                    }
                    return pulled
                }
                var collected: [Change<JSONFragment>] = []
                for try await changes in group { collected += changes }
                return collected
            }
            let total = pushers * batches * batchSize
            let cursor = pulledWhilePushing.last?.seq ?? 0
            let rest = try await server.pullAll(household, token: token, after: cursor, limit: 33).changes
            let followed = pulledWhilePushing + rest
            #expect(followed.count == total)
            #expect(followed.map(\.seq) == (1...Int64(total)).map { $0 })
            #expect(Set(followed.map(\.opId)).count == total)

            let fresh = try await server.pullAll(household, token: token, limit: 64).changes
            #expect(fresh.map(\.opId) == followed.map(\.opId))
        }
    }

    @Test func aDeviceOfAnotherHouseholdIsForbiddenAndSeesNothingOfIt() async throws {
        try await withSyncServer { server in
            let (householdA, tokenA, _) = try await server.household("A")
            let (householdB, tokenB, _) = try await server.household("B")
            let secret = try KitPayloads.journal(of: householdB, name: "b-only")
            _ = try await server.push(householdB, token: tokenB, operations: [secret])

            let pull = try await server.pull(householdB, token: tokenA)
            #expect(pull.status == .forbidden)
            #expect(try decode(ErrorEnvelope.self, pull).error.code == .forbidden)
            #expect(!String(buffer: pull.body).contains("b-only"))

            let push = try await server.push(householdB, token: tokenA, operations: [try KitPayloads.journal(of: householdB)])
            #expect(push.status == .forbidden)

            let erase = try await server.client.execute(
                uri: "/v1/households/\(householdB)",
                method: .delete,
                headers: SyncServerHarness.headers(tokenA)
            )
            #expect(erase.status == .forbidden)

            let own = try await server.pullAll(householdA, token: tokenA)
            #expect(own.changes.isEmpty)
            let theirs = try await server.pullAll(householdB, token: tokenB)
            #expect(theirs.changes.map(\.entityId) == [secret.entityId])
        }
    }

    @Test func missingForgedOrRevokedTokensAreUnauthorized() async throws {
        try await withSyncServer { server in
            let (household, token, device) = try await server.household()
            let revoked = try await server.store.addDevice(to: household)
            try await server.store.revokeDevice(revoked.0)

            let forged = BearerToken.generate()
            let cases: [(String, HTTPFields)] = [
                ("missing", [:]),
                ("wrong scheme", [.authorization: "Basic \(token.rawValue)"]),
                ("malformed", [.authorization: "Bearer not-a-token"]),
                ("forged", [.authorization: "Bearer \(forged.rawValue)"]),
                ("revoked", [.authorization: "Bearer \(revoked.1.rawValue)"]),
            ]
            for (name, headers) in cases {
                let response = try await server.client.execute(
                    uri: "/v1/households/\(household)/changes",
                    method: .get,
                    headers: headers
                )
                #expect(response.status == .unauthorized, "\(name)")
                let envelope = try decode(ErrorEnvelope.self, response)
                #expect(envelope.error.code == .unauthorized, "\(name)")
                #expect(!String(buffer: response.body).contains(token.rawValue))
            }
            _ = device
            #expect(try await server.pull(household, token: token).status == .ok)
        }
    }

    @Test func malformedBodiesGetTheEnvelopeWith400() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let bodies = [
                "not json",
                "{}",
                #"{"operations": {}}"#,
                #"{"operations": [{"opId": "x", "kind": "journal", "entityId": "e", "payload": {}}]}"#,
                #"{"operations": [{"kind": "journal", "entityId": "e", "payload": {}}]}"#,
                #"{"operations": [{"opId": 5, "kind": "journal", "entityId": "e", "payload": {}}]}"#,
            ]
            for body in bodies {
                let response = try await server.push(household, token: token, body: ByteBuffer(string: body))
                #expect(response.status == .badRequest, "\(body)")
                let envelope = try decode(ErrorEnvelope.self, response)
                #expect(envelope.error.code == .invalidRequest, "\(body)")
                #expect(!envelope.error.message.isEmpty)
            }
            for query in ["after=-1", "after=abc", "limit=0", "limit=100000"] {
                let response = try await server.client.execute(
                    uri: "/v1/households/\(household)/changes?\(query)",
                    method: .get,
                    headers: SyncServerHarness.headers(token)
                )
                #expect(response.status == .badRequest, "\(query)")
                #expect(try decode(ErrorEnvelope.self, response).error.code == .invalidRequest)
            }
            #expect(try await server.pullAll(household, token: token).changes.isEmpty)
        }
    }

    @Test func invalidOperationsAreRejectedOneByOneAndValidOnesApplied() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let operations = [
                makeOperation(kind: "recipe"),
                makeOperation(entityId: ""),
                makeOperation(payload: .array([])),
                try KitPayloads.journal(of: household),
            ]
            let results = try decode(PushResponse.self, try await server.push(household, token: token, operations: operations)).results
            #expect(results.map(\.status) == [.rejected, .rejected, .rejected, .applied])
            #expect(results.prefix(3).allSatisfy { $0.code == "invalid_request" && $0.message != nil && $0.seq == nil })
            #expect(results[3].seq == 1)
            #expect(try await server.pullAll(household, token: token).changes.map(\.entityId) == [operations[3].entityId])
        }
    }

    @Test func oversizeBodiesGet413WithTheEnvelope() async throws {
        try await withSyncServer(limits: SyncLimits(maxBodyBytes: 4096)) { server in
            let (household, token, _) = try await server.household()
            let big = makeOperation(payload: .object(["blob": .string(String(repeating: "x", count: 8192))]))
            let response = try await server.push(household, token: token, operations: [big])
            #expect(response.status == .contentTooLarge)
            #expect(try decode(ErrorEnvelope.self, response).error.code == .payloadTooLarge)
            #expect(try await server.pullAll(household, token: token).changes.isEmpty)
        }
    }

    @Test func aCursorAheadOfTheLogAsksForResync() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let response = try await server.pull(household, token: token, after: 99)
            #expect(response.status == .gone)
            #expect(try decode(ErrorEnvelope.self, response).error.code == .resyncRequired)
        }
    }

    @Test func erasingAHouseholdDeletesItsChangesAndRevokesItsDevices() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            _ = try await server.push(household, token: token, operations: [try KitPayloads.journal(of: household)])
            let erase = try await server.client.execute(
                uri: "/v1/households/\(household)",
                method: .delete,
                headers: SyncServerHarness.headers(token)
            )
            #expect(erase.status == .noContent)
            #expect(try await server.pull(household, token: token).status == .unauthorized)
            await #expect(throws: SyncStoreError.householdNotFound(household)) {
                _ = try await server.store.addDevice(to: household)
            }
            let leftovers = try await server.store.client.query(
                "SELECT count(*) FROM changes WHERE household_id = \(household.rawValue)"
            )
            for try await count in leftovers.decode(Int64.self) { #expect(count == 0) }
        }
    }
}
