import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// A push response is written directly when no result carries a current state; it is the JSON `JSONEncoder`
/// writes for the same response, escapes included.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct PushResponseBodyTests {
    @Test func aPushResponseIsTheJSONThatJSONEncoderWrites() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let entry = try KitPayloads.journal(of: household, name: "Home \"/\\ \n\u{1}")
            var again = entry
            again.opId = UUID().uuidString
            let pen = try KitPayloads.product()
            let penV1 = try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil)
            let stale = try KitPayloads.productChange(
                pen.productID, product: pen, stamp: KitPayloads.stamp(3), baseStamp: KitPayloads.stamp(2))
            let pushes: [[PushOperation]] = [
                [
                    entry, again, makeOperation(kind: "recipe"), makeOperation(entityId: "a\u{1}b"),
                    makeOperation(payload: .object(["householdId": .string("x/\"y\"")])), penV1,
                ],
                [stale, try KitPayloads.journal(of: household)],
            ]
            for operations in pushes {
                let response = try await server.push(household, token: token, operations: operations)
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                let body = Data(response.body.readableBytesView)
                let decoded = try JSONDecoder().decode(PushResponse.self, from: body)
                #expect(decoded.results.count == operations.count)
                // JSONEncoder orders members as its dictionaries happen to: compare the JSON, not the bytes.
                let written = try JSONDecoder().decode(JSONValue.self, from: body)
                let encoded = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(decoded))
                #expect(written == encoded, "\(String(decoding: body, as: UTF8.self))")
            }
        }
    }
}
