import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// Every hostile request gets its 4xx with the envelope and writes nothing: row counts are checked after each.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct HostileRequestTests {
    @Test func hostileRequestsGetTheirStatusWithTheEnvelopeAndWriteNothing() async throws {
        try await withSyncServer { server in
            let (householdA, tokenA, _) = try await server.household("A")
            let (householdB, tokenB, _) = try await server.household("B")
            let secret = try KitPayloads.journal(of: householdB, name: "B's secret pantry")
            _ = try await server.results(householdB, token: tokenB, [secret])
            let (revokedDevice, revokedToken) = try await server.store.addDevice(to: householdA)
            try await server.store.revokeDevice(revokedDevice)
            let valid = try JSONEncoder().encode(PushRequest(operations: [try KitPayloads.journal(of: householdA)]))
            let tenMegabytes = ByteBuffer(repeating: UInt8(ascii: " "), count: 10 * 1024 * 1024)

            let cases: [(name: String, uri: String, token: String?, body: ByteBuffer, status: HTTPResponse.Status, code: ErrorCode)] = [
                ("another household", "/v1/households/\(householdB)/push", tokenA.rawValue, ByteBuffer(bytes: valid), .forbidden, .forbidden),
                ("revoked token", "/v1/households/\(householdA)/push", revokedToken.rawValue, ByteBuffer(bytes: valid), .unauthorized, .unauthorized),
                ("forged token", "/v1/households/\(householdA)/push", BearerToken.generate().rawValue, ByteBuffer(bytes: valid), .unauthorized, .unauthorized),
                ("no token", "/v1/households/\(householdA)/push", nil, ByteBuffer(bytes: valid), .unauthorized, .unauthorized),
                ("malformed body", "/v1/households/\(householdA)/push", tokenA.rawValue, ByteBuffer(string: #"{"operations":[{"#), .badRequest, .invalidRequest),
                ("10 MB body", "/v1/households/\(householdA)/push", tokenA.rawValue, tenMegabytes, .contentTooLarge, .payloadTooLarge),
                ("SQL in the path", "/v1/households/x'%20OR%20'1'='1/push", tokenA.rawValue, ByteBuffer(bytes: valid), .badRequest, .invalidRequest),
                ("unknown route", "/v1/households/\(householdA)/drop", tokenA.rawValue, ByteBuffer(bytes: valid), .notFound, .notFound),
            ]
            for hostile in cases {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let token = hostile.token { headers[.authorization] = "Bearer \(token)" }
                let response = try await server.client.execute(uri: hostile.uri, method: .post, headers: headers, body: hostile.body)
                #expect(response.status == hostile.status, "\(hostile.name)")
                let envelope = try? decode(ErrorEnvelope.self, response)
                #expect(envelope?.error.code == hostile.code, "\(hostile.name)")
                #expect(envelope?.error.message.isEmpty == false, "\(hostile.name)")
                let body = String(buffer: response.body)
                #expect(!body.contains(secret.entityId) && !body.contains("secret pantry"), "\(hostile.name)")
                #expect(try await server.rowCounts(householdA) == [0, 0, 0], "\(hostile.name)")
                #expect(try await server.rowCounts(householdB) == [1, 0, 1], "\(hostile.name)")
            }
        }
    }
}

@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct TokenRefusalTests {
    @Test func aTokenThatOnceWorkedIsToldWhyAndAGuessedOneIsNot() async throws {
        try await withSyncServer { server in
            let (household, token, device) = try await server.household()
            let (_, other) = try await server.store.addDevice(to: household)
            try await server.store.revokeDevice(device)
            let revoked = try decode(ErrorEnvelope.self, try await server.pull(household, token: token))
            #expect(revoked.error.code == .unauthorized && revoked.error.details["reason"] == "device_revoked")

            try await server.store.erase(household)
            let erased = try decode(ErrorEnvelope.self, try await server.pull(household, token: other))
            #expect(erased.error.code == .unauthorized && erased.error.details["reason"] == "household_erased")
            #expect(erased.error.message.contains("erased"))

            let guessed = try decode(ErrorEnvelope.self, try await server.pull(household, token: BearerToken.generate()))
            #expect(guessed.error.code == .unauthorized && guessed.error.details["reason"] == nil)
            #expect(guessed.error.message == "A valid bearer token is required.")
        }
    }
}

@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct FailedAuthenticationLimitTests {
    @Test func aPeerThatKeepsGuessingTokensIsRefusedWithoutALookup() async throws {
        try await withSyncServer(limits: SyncLimits(maxFailedAuthenticationsPerMinute: 3)) { server in
            let (household, token, _) = try await server.household()
            for _ in 0..<3 {
                let guess = try await server.pull(household, token: BearerToken.generate())
                #expect(guess.status == .unauthorized)
            }
            // Blocked for the rest of the minute, even with a valid token: the guesser learns nothing.
            let blocked = try await server.pull(household, token: token)
            #expect(blocked.status == .unauthorized)
            let envelope = try decode(ErrorEnvelope.self, blocked)
            #expect(envelope.error.code == .unauthorized)
            #expect(envelope.error.details["retryAfterSeconds"] == "60")
        }
    }
}
