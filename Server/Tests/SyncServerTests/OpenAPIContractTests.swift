import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PostgresNIO
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// The server and `Resources/openapi.json` agree: the document is served as kept, the routes are the documented
/// ones, and real responses have exactly the properties the document's schemas name.
@Suite(.serialized)
struct OpenAPIContractTests {
    static func repositoryDocument() throws -> (Data, OpenAPISpec) {
        let data = try Data(contentsOf: OpenAPISpec.repositoryFile)
        return (data, try OpenAPISpec(data: data))
    }

    @Test func documentIsOpenAPI31AndUsesOnlyKeywordsTheCheckerChecks() throws {
        let (_, spec) = try Self.repositoryDocument()
        #expect(spec.root.member("openapi") == .string("3.1.0"))
        #expect(spec.dangling() == [])
        #expect(SchemaChecker(spec: spec).unsupportedKeywords() == [])

        let operations = spec.operations
        let ids = operations.compactMap(\.operationId)
        #expect(ids.count == operations.count, "every operation has an operationId")
        #expect(Set(ids).count == ids.count, "operationIds are unique")

        let bearer = spec.root.member("components")?.member("securitySchemes")?.member("bearerAuth")
        #expect(bearer?.member("type") == .string("http"))
        #expect(bearer?.member("scheme") == .string("bearer"))
        #expect(spec.root.member("security") == .array([.object(["bearerAuth": .array([])])]))
        let open = Set(operations.filter { $0.body["security"] == .array([]) }.map(\.key))
        #expect(open == ["GET /v1/health", "GET /v1/ready", "GET /v1/openapi.json"])

        // Every error response is the envelope, and every code's status is documented somewhere.
        var statuses: Set<Int> = []
        for operation in operations {
            guard case .object(let responses)? = operation.body["responses"] else {
                Issue.record("\(operation.key) has no responses")
                continue
            }
            for (status, _) in responses {
                guard let code = Int(status) else { continue }
                statuses.insert(code)
                guard code >= 400, let response = spec.response(of: operation, status: code) else { continue }
                #expect(
                    spec.jsonSchema(ofResponse: response) == .object(["$ref": .string("#/components/schemas/ErrorEnvelope")]),
                    "\(operation.key) \(code) is not the error envelope"
                )
            }
        }
        for code in ErrorCode.allCases {
            #expect(statuses.contains(Int(code.status.code)), "no operation documents \(code.rawValue)")
        }
        let documentedCodes = spec.root.member("components")?.member("schemas")?.member("ErrorCode")?.member("enum")
        #expect(documentedCodes == .array(ErrorCode.allCases.map { .string($0.rawValue) }))
    }

    @Test func checkerRejectsWhatTheDocumentForbids() throws {
        let (_, spec) = try Self.repositoryDocument()
        let checker = SchemaChecker(spec: spec)
        let schema = JSONValue.object(["$ref": .string("#/components/schemas/PushResponse")])
        let opId = JSONValue.string(UUID().uuidString)
        let good = JSONValue.object(["results": .array([.object(["opId": opId, "status": .string("applied"), "seq": .number(1)])])])
        #expect(checker.violations(of: good, against: schema) == [])
        let bad: [JSONValue] = [
            .object(["results": .array([.object(["opId": opId, "status": .string("applied"), "extra": .bool(true)])])]),
            .object(["results": .array([.object(["status": .string("applied")])])]),
            .object(["results": .array([.object(["opId": opId, "status": .string("done")])])]),
            .object(["results": .array([.object(["opId": .string("nope"), "status": .string("applied")])])]),
            .object(["results": .array([.object(["opId": opId, "status": .string("applied"), "seq": .number(1.5)])])]),
            .object(["results": .object([:])]),
        ]
        for value in bad {
            #expect(!checker.violations(of: value, against: schema).isEmpty, "\((try? value.jsonText()) ?? "?")")
        }
        // oneOf: a change must match exactly one kind.
        let change = JSONValue.object([
            "seq": .number(1), "opId": opId, "kind": .string("namedEntity"), "entityId": .string("x"),
            "payload": .object([:]), "createdAt": .string("2026-01-01T00:00:00Z"),
        ])
        #expect(!checker.violations(of: change, against: .object(["$ref": .string("#/components/schemas/Change")])).isEmpty)
    }

    @Test func documentIsServedByteForByteWithoutAuthentication() async throws {
        let (file, _) = try Self.repositoryDocument()
        var logger = Logger(label: "openapi-contract")
        logger.logLevel = .critical
        // The route never touches the database: the client is never run.
        let database = PostgresClient(
            configuration: .init(unixSocketPath: "/nonexistent/.s.PGSQL.5432", username: "postgres", password: nil, database: nil),
            backgroundLogger: logger
        )
        let store = PostgresSyncStore(client: database, logger: logger)
        let service = SyncService(store: store)
        let router = SyncServerApplication.router(
            service: service, replication: HouseholdReplication(store: store, service: service, logger: logger),
            feedStore: store)
        try await Application(router: router).test(.router) { client in
            let response = try await client.execute(uri: "/v1/openapi.json", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            #expect(Data(response.body.readableBytesView) == file)
        }
    }

    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
    func serverAnswersExactlyTheDocumentedRoutes() async throws {
        let (_, spec) = try Self.repositoryDocument()
        try await withSyncServer { server in
            let service = SyncService(store: server.store)
            let router = SyncServerApplication.router(
                service: service, replication: HouseholdReplication(store: server.store, service: service, logger: server.store.logger),
                feedStore: server.store, memberStore: server.store)
            let served = Set(router.routes.map { "\($0.method.rawValue) \($0.path.description)" })
            let documented = Set(spec.operations.map(\.key))
            #expect(served == documented, "served but undocumented: \(served.subtracting(documented)); documented but not served: \(documented.subtracting(served))")

            let (household, token, _) = try await server.household()
            let pen = try KitPayloads.product()
            _ = try await server.results(household, token: token, [
                try KitPayloads.productChange(pen.productID, product: pen, stamp: KitPayloads.stamp(1), baseStamp: nil),
                try ContractPayloads.journal(household: household.rawValue),
            ])
            let (feed, feedToken) = try await server.store.addFeed(to: household, label: "Contract")
            let member = try await server.store.addMember(named: "Contract", to: household, expiresAt: Date().addingTimeInterval(60))
            // A saved state of the household, so its snapshot and its bytes answer.
            let snapshot = try decode(Snapshot.self, try await server.client.execute(
                uri: "/v1/households/\(household)/snapshot", method: .get, headers: SyncServerHarness.headers(token)))
            // DELETE of the household erases it (and revokes the tokens), so it goes last, after revoking a feed.
            func order(_ operation: OpenAPISpec.Operation) -> Int {
                operation.method != "delete" ? 0 : operation.path == "/v1/households/{id}" ? 2 : 1
            }
            for operation in spec.operations.sorted(by: { order($0) < order($1) }) {
                var uri = operation.path.replacingOccurrences(of: "{id}", with: household.description)
                    .replacingOccurrences(of: "{productId}", with: pen.productID.rawValue)
                    .replacingOccurrences(of: "{feedId}", with: feed.description)
                    .replacingOccurrences(of: "{memberId}", with: member.memberId.description)
                    .replacingOccurrences(of: "{seq}", with: snapshot.seq.description)
                if operation.path.hasSuffix("/calendar.ics") { uri += "?feed=\(feedToken.rawValue)" }
                var body: ByteBuffer?
                if operation.method == "post" {
                    body =
                        operation.path.hasSuffix("/feeds")
                        ? ByteBuffer(string: #"{"label":"Kitchen"}"#)
                        : operation.path.hasSuffix("/members")
                        ? ByteBuffer(string: #"{"name":"Ana","expiresInSeconds":3600}"#)
                        : try Self.pushBody([ContractPayloads.journal(household: household.rawValue)])
                }
                let response = try await server.client.execute(
                    uri: uri,
                    method: HTTPRequest.Method(rawValue: operation.method.uppercased())!,
                    headers: SyncServerHarness.headers(token),
                    body: body
                )
                #expect(response.status != .notFound && response.status != .methodNotAllowed, "\(operation.key) → \(response.status)")
                #expect(response.status.code < 300, "\(operation.key) → \(response.status): \(String(buffer: response.body))")
                Self.expectConforms(response, operation.method, uri, spec)
            }
        }
    }

    @Test(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
    func roundTripResponsesHaveExactlyTheDocumentedProperties() async throws {
        let (_, spec) = try Self.repositoryDocument()
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let (other, _, _) = try await server.household("Other")
            let pushURI = "/v1/households/\(household)/push"
            let headers = SyncServerHarness.headers(token)

            func push(_ operations: [PushOperation], headers: HTTPFields = headers, uri: String = pushURI) async throws
                -> (TestResponse, PushResponse?)
            {
                let response = try await server.client.execute(uri: uri, method: .post, headers: headers, body: try Self.pushBody(operations))
                Self.expectConforms(response, "post", uri, spec)
                return (response, response.status == .ok ? try decode(PushResponse.self, response) : nil)
            }

            // Applied, then duplicate on replay: one operation of each kind.
            let productID = "4006381333931"
            let batch = [
                try ContractPayloads.journal(household: household.rawValue),
                try ContractPayloads.product(productID, version: 1),
                try ContractPayloads.category("Produce"),
            ]
            let (_, first) = try await push(batch)
            #expect(first?.results.map(\.status) == [.applied, .applied, .applied], "\(String(describing: first))")
            let (_, replay) = try await push(batch)
            #expect(replay?.results.map(\.status) == [.duplicate, .duplicate, .duplicate], "\(String(describing: replay))")

            // A product change on top of the current state, one on a stale base, and a tombstone.
            let (_, applied) = try await push([try ContractPayloads.product(productID, version: 2, base: 1)])
            #expect(applied?.results.map(\.status) == [.applied])
            let (_, conflict) = try await push([try ContractPayloads.product(productID, version: 3, base: 1)])
            #expect(conflict?.results.map(\.status) == [.conflict], "\(String(describing: conflict))")
            #expect(conflict?.results.first?.current != nil, "a conflict carries the server's record")
            let (_, deleted) = try await push([try ContractPayloads.product(productID, version: 4, deleted: true, base: 2)])
            #expect(deleted?.results.map(\.status) == [.applied], "\(String(describing: deleted))")

            // Pages of changes, tombstone included.
            var cursor: Int64 = 0
            var pulled = 0
            while true {
                let uri = "/v1/households/\(household)/changes?after=\(cursor)&limit=2"
                let response = try await server.client.execute(uri: uri, method: .get, headers: headers)
                #expect(response.status == .ok)
                Self.expectConforms(response, "get", uri, spec)
                let page = try decode(ChangesResponse<JSONFragment>.self, response)
                pulled += page.changes.count
                cursor = page.cursor
                if !page.hasMore { break }
            }
            // The journal entry, the category and the product's latest state (its tombstone): superseded product
            // states are not served.
            #expect(pulled == 3)

            // The snapshot a new device starts from, its bytes, and their revalidation.
            let snapshotURI = "/v1/households/\(household)/snapshot"
            let described = try await server.client.execute(uri: snapshotURI + "?products=false", method: .get, headers: headers)
            #expect(described.status == .ok)
            Self.expectConforms(described, "get", snapshotURI, spec)
            let stateURI = try decode(Snapshot.self, described).state
            var revalidation = headers
            revalidation[.ifNoneMatch] = "\"snapshot-0\""
            let bytes = try await server.client.execute(uri: stateURI, method: .get, headers: revalidation)
            #expect(bytes.status == .ok)
            Self.expectConforms(bytes, "get", stateURI, spec)
            let etag = try #require(bytes.headers[.eTag])
            revalidation[.ifNoneMatch] = etag
            let unchanged = try await server.client.execute(uri: stateURI, method: .get, headers: revalidation)
            #expect(unchanged.status == .notModified)
            Self.expectConforms(unchanged, "get", stateURI, spec)

            // Errors, each with the envelope the document names for its status.
            let changesURI = "/v1/households/\(household)/changes"
            let feedsURI = "/v1/households/\(household)/feeds"
            let (_, feedToken) = try await server.store.addFeed(to: household, label: nil)
            let calendarURI = "/v1/households/\(household)/calendar.ics"
            let errors: [(String, HTTPRequest.Method, HTTPFields, ByteBuffer?, HTTPResponse.Status)] = [
                (changesURI, .get, SyncServerHarness.headers(nil), nil, .unauthorized),
                (changesURI + "?after=-1", .get, headers, nil, .badRequest),
                (changesURI + "?limit=1001", .get, headers, nil, .badRequest),
                (changesURI + "?after=1000000", .get, headers, nil, .gone),
                ("/v1/households/\(other)/changes", .get, headers, nil, .forbidden),
                ("/v1/households/not-a-uuid/changes", .get, headers, nil, .badRequest),
                (pushURI, .post, headers, ByteBuffer(string: #"{"operations":[{"opId":"nope","kind":"journal","entityId":"e","payload":{}}]}"#), .badRequest),
                (pushURI, .post, headers, ByteBuffer(string: "{"), .badRequest),
                (pushURI, .post, headers, ByteBuffer(repeating: UInt8(ascii: " "), count: 1_100_000), .contentTooLarge),
                ("/v1/households/\(other)", .delete, headers, nil, .forbidden),
                (feedsURI, .post, headers, ByteBuffer(string: #"{"label":5}"#), .badRequest),
                (feedsURI, .post, headers, ByteBuffer(repeating: UInt8(ascii: " "), count: 5000), .contentTooLarge),
                ("/v1/households/\(other)/feeds", .get, headers, nil, .forbidden),
                (feedsURI + "/not-a-uuid", .delete, headers, nil, .badRequest),
                (feedsURI + "/\(UUID())", .delete, headers, nil, .notFound),
                (feedsURI, .get, SyncServerHarness.headers(feedToken), nil, .unauthorized),
                (calendarURI, .get, [:], nil, .unauthorized),
                (calendarURI + "?feed=\(token.rawValue)", .get, [:], nil, .unauthorized),
                ("/v1/households/\(other)/calendar.ics?feed=\(feedToken.rawValue)", .get, [:], nil, .forbidden),
                ("/v1/households/\(household)/snapshot?atLeast=-1", .get, headers, nil, .badRequest),
                ("/v1/households/\(household)/snapshot?products=no", .get, headers, nil, .badRequest),
                ("/v1/households/\(other)/snapshot", .get, headers, nil, .forbidden),
                ("/v1/households/\(household)/snapshot", .get, SyncServerHarness.headers(feedToken), nil, .unauthorized),
                ("/v1/households/\(household)/snapshot/0/state", .get, headers, nil, .badRequest),
                ("/v1/households/\(household)/snapshot/999999/state", .get, headers, nil, .notFound),
                ("/v1/households/\(other)/snapshot/1/state", .get, headers, nil, .forbidden),
            ]
            for (uri, method, requestHeaders, body, expected) in errors {
                let response = try await server.client.execute(uri: uri, method: method, headers: requestHeaders, body: body)
                #expect(response.status == expected, "\(method) \(uri) → \(response.status): \(String(buffer: response.body))")
                Self.expectConforms(response, method.rawValue, uri, spec)
            }
            // A route the document does not have answers with the documented not_found envelope.
            let unknown = try await server.client.execute(uri: "/v1/nowhere", method: .get)
            #expect(unknown.status == .notFound)
            if let notFound = spec.resolved(.object(["$ref": .string("#/components/responses/NotFound")])),
                let schema = spec.jsonSchema(ofResponse: notFound)
            {
                let body = try JSONDecoder().decode(JSONValue.self, from: Data(unknown.body.readableBytesView))
                #expect(SchemaChecker(spec: spec).violations(of: body, against: schema) == [])
            }
        }
    }

    // MARK: - Helpers

    static func pushBody(_ operations: [PushOperation]) throws -> ByteBuffer {
        ByteBuffer(bytes: try JSONEncoder().encode(PushRequest(operations: operations)))
    }

    /// Records an issue unless the response's status is documented for the operation and its body matches the
    /// documented schema exactly (no missing required property, no undocumented one).
    static func expectConforms(
        _ response: TestResponse, _ method: String, _ uri: String, _ spec: OpenAPISpec,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let path = String(uri.prefix(while: { $0 != "?" }))
        let status = Int(response.status.code)
        guard let operation = spec.operation(method: method, path: path) else {
            Issue.record("\(method.uppercased()) \(path) is not in the document", sourceLocation: sourceLocation)
            return
        }
        guard let documented = spec.response(of: operation, status: status) else {
            Issue.record("\(operation.key) answered \(status), which the document does not list", sourceLocation: sourceLocation)
            return
        }
        let bytes = Data(response.body.readableBytesView)
        guard let schema = spec.jsonSchema(ofResponse: documented) else {
            let media = spec.mediaTypes(ofResponse: documented)
            if media.isEmpty {
                #expect(bytes.isEmpty, "\(operation.key) \(status) documents no body", sourceLocation: sourceLocation)
            } else {
                // A body that is not JSON (the calendar's text/calendar): its content type is a documented one.
                let type = response.headers[.contentType] ?? "none"
                #expect(
                    media.contains { type.hasPrefix($0) }, "\(operation.key) \(status) content type \(type)",
                    sourceLocation: sourceLocation)
            }
            return
        }
        #expect(
            response.headers[.contentType]?.hasPrefix("application/json") == true,
            "\(operation.key) \(status) content type \(response.headers[.contentType] ?? "none")",
            sourceLocation: sourceLocation
        )
        guard let body = try? JSONDecoder().decode(JSONValue.self, from: bytes) else {
            Issue.record("\(operation.key) \(status): the body is not JSON", sourceLocation: sourceLocation)
            return
        }
        let problems = SchemaChecker(spec: spec).violations(of: body, against: schema)
        #expect(problems == [], "\(operation.key) \(status): \(String(decoding: bytes.prefix(600), as: UTF8.self))", sourceLocation: sourceLocation)
    }
}
