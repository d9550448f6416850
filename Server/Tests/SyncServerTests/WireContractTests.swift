import Foundation
import InventoryKit
import InventoryModule
import NIOCore
import ProductModule
import SyncServer
import SyncWire
import Testing

/// The wire contract (`SyncWire`) and `Resources/openapi.json` agree: each contract type has the name of a schema
/// of the document, and what the type writes has exactly that schema's properties — so the server, the client
/// gateways and the document cannot drift apart.
struct WireContractTests {
    /// A value of a contract type, encoded, checked against the schema of the type's own name.
    struct Sample {
        var schema: String
        var json: Data

        init<T: Encodable>(_ value: T) throws {
            schema = String(String(describing: T.self).prefix { $0 != "<" })
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            json = try encoder.encode(value)
        }
    }

    static let household = SyncServer.HouseholdID(UUID())
    static let now = Date(timeIntervalSince1970: 1_795_705_445)

    static func samples() throws -> [Sample] {
        let journal = try KitPayloads.journal(of: household)
        let product = try KitPayloads.product()
        let productChange = try KitPayloads.productChange(
            product.productID, product: product, stamp: KitPayloads.stamp(1), baseStamp: nil)
        let named = try KitPayloads.named(KitPayloads.namedEntity(.category, "Dairy"))
        let record = RemoteProductRecord(productID: product.productID, product: product, stamp: KitPayloads.stamp(1), sequence: 2)
        let recordText = JSONFragment(verbatim: String(decoding: try RecordCoding.encode(record), as: UTF8.self))
        let mark = JSONFragment(verbatim: #"{"entryCount":1,"householdId":"h","orderKey":{"entryId":"e","recordedAt":1.5,"replicaID":"r"}}"#)
        let opID = UUID().uuidString.lowercased()
        return [
            try Sample(Status.ok),
            try Sample(ErrorEnvelope(code: .resyncRequired, message: "Pull from the start.", details: ["compactedThrough": "12"])),
            try Sample(ErrorCode.payloadTooLarge),
            try Sample(PushRequest(operations: [journal, productChange, named])),
            try Sample(journal),
            try Sample(PushResponse(results: [
                PushResult(opId: opID, status: .applied, seq: 3),
                PushResult(opId: opID, status: .conflict, current: recordText),
                PushResult(opId: opID, status: .rejected, code: ErrorCode.invalidRequest.rawValue, message: "No."),
            ])),
            try Sample(PushResult(opId: opID, status: .duplicate, seq: 1)),
            try Sample(ChangesResponse(changes: [
                Change(seq: 1, opId: opID, kind: .journal, entityId: journal.entityId, payload: journal.payload, createdAt: now),
                Change(seq: 2, opId: opID, kind: .product, entityId: product.productID.rawValue, payload: recordText, createdAt: now),
                Change(seq: 3, opId: opID, kind: .namedEntity, entityId: named.entityId, payload: named.payload, createdAt: now),
            ], cursor: 3, hasMore: false)),
            try Sample(Change(seq: 1, opId: opID, kind: .journal, entityId: journal.entityId, payload: journal.payload, createdAt: now)),
            try Sample(Snapshot(
                seq: 4, formatVersion: 5, mark: mark, stateBytes: 120, stateSHA256: String(repeating: "a", count: 64),
                state: "/v1/households/\(household)/snapshot/4/state",
                products: [Snapshot.Product(id: product.productID.rawValue, payload: recordText)])),
            try Sample(MemberCreationRequest(name: "Ana", expiresInSeconds: 3_600)),
            try Sample(MemberInvitation(
                memberId: UUID().uuidString.lowercased(), name: "Ana", token: String(repeating: "A", count: 43), expiresAt: now)),
            try Sample(MemberList(members: [
                MemberSummary(memberId: UUID().uuidString.lowercased(), name: "Ana", createdAt: now, revokedAt: nil, openSessions: 1),
                MemberSummary(memberId: UUID().uuidString.lowercased(), name: "Ben", createdAt: now, revokedAt: now, openSessions: 0),
            ])),
            try Sample(FeedCreationRequest(label: "Kitchen tablet")),
            try Sample(FeedCreationResponse(
                feedId: UUID().uuidString.lowercased(), token: String(repeating: "b", count: 43), path: "/v1/households/x/calendar.ics?feed=b")),
            try Sample(FeedList(feeds: [
                FeedSummary(feedId: UUID().uuidString.lowercased(), label: nil, createdAt: now, revoked: false),
                FeedSummary(feedId: UUID().uuidString.lowercased(), label: "Hall", createdAt: now, revoked: true),
            ])),
        ]
    }

    @Test("every wire type is named as a schema of the document and writes exactly that schema's properties")
    func wireTypesMatchTheirSchemas() throws {
        let (_, spec) = try OpenAPIContractTests.repositoryDocument()
        let checker = SchemaChecker(spec: spec)
        for sample in try Self.samples() {
            guard let schema = spec.resolved(.object(["$ref": .string("#/components/schemas/\(sample.schema)")])) else {
                Issue.record("\(sample.schema) is not a schema of the document")
                continue
            }
            let value = try JSONDecoder().decode(JSONValue.self, from: sample.json)
            #expect(
                checker.violations(of: value, against: schema) == [],
                "\(sample.schema): \(String(decoding: sample.json.prefix(600), as: UTF8.self))")
        }
    }

    @Test("the server's hand-written bodies say what the contract types' encoders say")
    func handWrittenBodiesEqualTheEncoders() throws {
        let samples = try Self.samples()
        let opID = UUID().uuidString.lowercased()
        let push = PushResponse(results: [
            PushResult(opId: opID, status: .applied, seq: 3),
            PushResult(opId: opID, status: .rejected, code: "invalid_request", message: "a/\"b\"\n"),
        ])
        let written = try JSONDecoder().decode(PushResponse.self, from: Data(push.bodyBytes().readableBytesView))
        #expect(written == push)
        guard let page = samples.first(where: { $0.schema == "ChangesResponse" }) else {
            Issue.record("no ChangesResponse sample")
            return
        }
        let decoded = try JSONDecoder().decode(ChangesResponse<JSONFragment>.self, from: page.json)
        let rewritten = try JSONDecoder().decode(
            ChangesResponse<JSONFragment>.self, from: Data(decoded.bodyBytes().readableBytesView))
        #expect(rewritten == decoded)
        #expect(decoded.changes.count == 3)
    }
}
