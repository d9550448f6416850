import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import ProductModule
import SyncServer
import Testing
import ThrowawayPostgres
import SyncWire

/// Every malformed request the application sees answers a 4xx with the envelope and writes nothing; what the HTTP
/// parser refuses before routing gets the documented bare `400` and a closed connection.
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct MalformedRequestTests {
    @Test func aMalformedChunkedBodyIsAnInvalidRequestWithTheEnvelope() async throws {
        try await withSyncServer(setup: .live) { server in
            let (household, token, _) = try await server.household()
            let port = try #require(server.client.port)
            for chunks in ["zz\r\n{}\r\n0\r\n\r\n", "5\r\n{\"op\r\n-1\r\n\r\n", "3\r\n{}\r\n0\r\n\r\n"] {
                let request = RawHTTPConnection.request(
                    "POST /v1/households/\(household)/push HTTP/1.1",
                    headers: [
                        "Host: 127.0.0.1", "Authorization: Bearer \(token.rawValue)", "Content-Type: application/json",
                        "Transfer-Encoding: chunked", "Connection: close",
                    ],
                    body: chunks)
                let answer = try RawHTTPConnection.exchange(port: port, request)
                #expect(answer.hasPrefix("HTTP/1.1 400"), "\(chunks.debugDescription): \(answer)")
                #expect(answer.contains(#""code":"invalid_request""#), "\(chunks.debugDescription): \(answer)")
                #expect(try await server.rowCounts(household) == [0, 0, 0])
            }
        }
    }

    @Test(arguments: [
        ("a 200 KB header", "GET /v1/health HTTP/1.1", ["X-Big: " + String(repeating: "a", count: 200_000)]),
        ("a 100 KB query string", "GET /v1/health?q=" + String(repeating: "a", count: 100_000) + " HTTP/1.1", []),
        ("a malformed request line", "GET /v1/health HTTP/1.1 extra", []),
    ])
    func whatTheParserRefusesBeforeRoutingGetsTheDocumentedBare400(_ name: String, _ line: String, _ headers: [String])
        async throws
    {
        try await withSyncServer(setup: .live) { server in
            let port = try #require(server.client.port)
            let answer = try RawHTTPConnection.exchange(
                port: port, RawHTTPConnection.request(line, headers: ["Host: 127.0.0.1"] + headers))
            #expect(answer.hasPrefix("HTTP/1.1 400"), "\(name): \(answer.prefix(200))")
            #expect(answer.lowercased().contains("connection: close"), "\(name)")
            #expect(answer.lowercased().contains("content-length: 0"), "\(name)")
            // The server goes on serving.
            let health = try await server.client.execute(uri: "/v1/health", method: .get)
            #expect(health.status == .ok)
        }
    }

    @Test func aProductIDIsPercentDecodedFromThePath() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            for raw in ["50%off", "a/b", "tea&biscuits?#", "café"] {
                let id = try ProductID(raw)
                let product = Product(productID: id, title: raw, createdAt: KitPayloads.epoch, updatedAt: KitPayloads.epoch)
                let push = try KitPayloads.productChange(id, product: product, stamp: KitPayloads.stamp(1), baseStamp: nil)
                #expect(try await server.results(household, token: token, [push]).map(\.status) == [.applied], "\(raw)")
                let encoded = try #require(raw.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
                let found = try await server.client.execute(
                    uri: "/v1/households/\(household)/products/\(encoded)", method: .get,
                    headers: [.authorization: "Bearer \(token.rawValue)"])
                #expect(found.status == .ok, "\(raw) as \(encoded)")
                #expect(String(buffer: found.body).contains(#""productId":"#), "\(raw)")
            }
            let invalid = try await server.client.execute(
                uri: "/v1/households/\(household)/products/50%off", method: .get,
                headers: [.authorization: "Bearer \(token.rawValue)"])
            #expect(invalid.status == .badRequest)
            #expect(try decode(ErrorEnvelope.self, invalid).error.code == .invalidRequest)
        }
    }

    @Test func everyClientErrorTheApplicationAnswersCarriesTheEnvelope() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            let bearer: HTTPFields = [.authorization: "Bearer \(token.rawValue)"]
            let cases: [(String, HTTPRequest.Method, HTTPFields, ByteBuffer?)] = [
                ("/v1/households/\(household)/changes?after=-1", .get, bearer, nil),
                ("/v1/households/\(household)/changes?limit=abc", .get, bearer, nil),
                ("/v1/households/\(household)/changes?kinds=recipes", .get, bearer, nil),
                ("/v1/households/\(household)/changes?after=999", .get, bearer, nil),
                ("/v1/households/not-a-uuid/changes", .get, bearer, nil),
                ("/v1/households/\(UUID())/changes", .get, bearer, nil),
                ("/v1/households/\(household)/changes", .get, [.authorization: "Basic x"], nil),
                ("/v1/households/\(household)/products/%FF", .get, bearer, nil),
                ("/v1/households/\(household)/products/unknown", .get, bearer, nil),
                ("/v1/households/\(household)/push", .put, bearer, ByteBuffer(string: "{}")),
                ("/v1/households/\(household)/push", .post, bearer, ByteBuffer(string: "[]")),
                ("/v1/households/\(household)/push", .post, bearer, ByteBuffer(string: #"{"operations":[{"opId":"x"}]}"#)),
                ("/v1/nowhere", .get, bearer, nil),
            ]
            for (uri, method, headers, body) in cases {
                let response = try await server.client.execute(uri: uri, method: method, headers: headers, body: body)
                #expect((400..<500).contains(response.status.code), "\(method) \(uri): \(response.status)")
                let envelope = try? decode(ErrorEnvelope.self, response)
                #expect(envelope?.error.message.isEmpty == false, "\(method) \(uri): \(String(buffer: response.body))")
            }
            #expect(try await server.rowCounts(household) == [0, 0, 0])
        }
    }
}
