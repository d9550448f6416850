import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SyncServer
import SyncWire
import Testing
import ThrowawayPostgres

/// The Grocy API's surface: its OpenAPI document is served as kept and names every call the server answers, a call
/// outside it answers 400 "not supported by InventoryKit" (never an empty 200), and a missing or wrong key 401 with
/// an empty body. (What each call answers is proven with the real Python clients by `Server/scripts/grocy-compat`.)
@Suite(.serialized, .enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct GrocyAPITests {
    static let unsupported = "not supported by InventoryKit"

    /// The kept document's calls: each path with its methods.
    static func documentedCalls() throws -> [(path: String, methods: [String])] {
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: documentURL))
        let paths = try #require((object as? [String: Any])?["paths"] as? [String: [String: Any]])
        return paths.keys.sorted().map { ($0, paths[$0, default: [:]].keys.sorted()) }
    }

    static let documentURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/SyncServer/Resources/grocy-openapi.json")

    @Test func theDocumentIsServedAsKeptWithoutAKey() async throws {
        let kept = try Data(contentsOf: Self.documentURL)
        try await withSyncServer { server in
            let response = try await server.client.execute(uri: "/api/openapi.json", method: .get)
            #expect(response.status == .ok)
            #expect(Array(response.body.readableBytesView) == Array(kept))
        }
    }

    @Test func everyDocumentedCallIsAnsweredAndNoneAsUnsupported() async throws {
        let calls = try Self.documentedCalls()
        #expect(calls.count >= 25)
        try await withSyncServer { server in
            let (_, token, _) = try await server.household()
            for (path, methods) in calls where path != "/openapi.json" {
                let uri = "/api" + path.replacingOccurrences(of: "{productId}", with: "999999")
                    .replacingOccurrences(of: "{barcode}", with: "4006381333931")
                    .replacingOccurrences(of: "{transactionId}", with: UUID().uuidString)
                    .replacingOccurrences(of: "{entity}", with: "shopping_list")
                    .replacingOccurrences(of: "{objectId}", with: "999999")
                    .replacingOccurrences(of: "{key}", with: "STOCK_DUE_SOON_DAYS")
                for method in methods {
                    let response = try await server.client.execute(
                        uri: uri, method: HTTPRequest.Method(rawValue: method.uppercased()) ?? .get,
                        headers: [HTTPField.Name("GROCY-API-KEY")!: token.rawValue, .contentType: "application/json"],
                        body: ByteBuffer(string: "{}"))
                    let body = String(buffer: response.body)
                    #expect([.ok, .noContent, .badRequest].contains(response.status), "\(method) \(uri): \(response.status)")
                    #expect(!body.contains(Self.unsupported), "\(method) \(uri) is documented but answered \(body)")
                }
            }
        }
    }

    @Test(arguments: [
        ("GET", "/api/chores"), ("GET", "/api/batteries"), ("GET", "/api/objects/chores"),
        ("POST", "/api/objects/products"), ("PUT", "/api/objects/products/1"), ("DELETE", "/api/objects/locations/1"),
        ("GET", "/api/recipes/1/fulfillment"), ("POST", "/api/stock/products/1/transfer"), ("GET", "/api"),
    ])
    func aCallOutsideTheSubsetAnswersNotSupported(_ method: String, _ uri: String) async throws {
        try await withSyncServer { server in
            let (_, token, _) = try await server.household()
            let response = try await server.client.execute(
                uri: uri, method: HTTPRequest.Method(rawValue: method) ?? .get,
                headers: [HTTPField.Name("GROCY-API-KEY")!: token.rawValue, .contentType: "application/json"],
                body: ByteBuffer(string: "{}"))
            #expect(response.status == .badRequest, "\(method) \(uri)")
            #expect(String(buffer: response.body) == #"{"error_message":"not supported by InventoryKit"}"#)
        }
    }

    @Test func aDeviceWhoseAddressEndsInApiIsAnsweredAsAnUnknownPathNotRefused() async throws {
        try await withSyncServer { server in
            let (household, token, _) = try await server.household()
            for uri in ["/api/v1/households/\(household)/push", "/api/v1/households/\(household)/changes?after=0"] {
                let response = try await server.client.execute(
                    uri: uri, method: uri.hasSuffix("push") ? .post : .get, headers: SyncServerHarness.headers(token),
                    body: ByteBuffer(string: "{}"))
                #expect(response.status == .notFound, "\(uri)")
                #expect(try decode(ErrorEnvelope.self, response).error.code == .notFound)
            }
        }
    }

    @Test func aMissingWrongOrRevokedKeyAnswers401WithAnEmptyBody() async throws {
        try await withSyncServer { server in
            let (household, token, device) = try await server.household()
            _ = household
            try await server.store.revokeDevice(device)
            for headers: HTTPFields in [
                [:], [HTTPField.Name("GROCY-API-KEY")!: "not-a-key"], [HTTPField.Name("GROCY-API-KEY")!: token.rawValue],
            ] {
                for uri in ["/api/stock", "/api/chores", "/api/system/info"] {
                    let response = try await server.client.execute(uri: uri, method: .get, headers: headers)
                    #expect(response.status == .unauthorized, "\(uri) \(headers)")
                    #expect(response.body.readableBytes == 0, "\(uri): \(String(buffer: response.body))")
                }
            }
        }
    }

    @Test func theKeyIsAlsoReadFromTheQueryAsGrocyDoes() async throws {
        try await withSyncServer { server in
            let (_, token, _) = try await server.household()
            let response = try await server.client.execute(
                uri: "/api/system/db-changed-time?GROCY-API-KEY=\(token.rawValue)", method: .get)
            #expect(response.status == .ok)
            #expect(String(buffer: response.body).contains("changed_time"))
        }
    }
}
