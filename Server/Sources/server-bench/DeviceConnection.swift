import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SyncServer
import SyncWire

/// One device's HTTP/1.1 keep-alive connection to the server on loopback.
struct DeviceConnection: Sendable {
    let client: TestClient
    let household: HouseholdID
    let token: BearerToken

    init(port: Int, household: HouseholdID, token: BearerToken) {
        client = TestClient(host: "localhost", port: port, configuration: .init(timeout: .seconds(300)))
        client.connect()
        self.household = household
        self.token = token
    }

    private var headers: HTTPFields {
        [.contentType: "application/json", .authorization: "Bearer \(token.rawValue)", .connection: "keep-alive"]
    }

    /// `GET /v1/health`; opens the connection.
    func checkHealth() async throws {
        let response = try await client.execute(.init("/v1/health", method: .get, headers: headers))
        guard response.head.status == .ok else { throw BenchFailure("health answered \(response.head.status)") }
    }

    /// Pushes an encoded `PushRequest` and checks that every operation was applied.
    /// - Returns: the sequence numbers, in operation order.
    func push(_ body: ByteBuffer, expecting count: Int) async throws -> [Int64] {
        let response = try await client.execute(
            .init("/v1/households/\(household)/push", method: .post, headers: headers, body: body))
        let bytes = response.body.map { Data($0.readableBytesView) } ?? Data()
        guard response.head.status == .ok else {
            throw BenchFailure("push answered \(response.head.status): \(String(decoding: bytes.prefix(500), as: UTF8.self))")
        }
        let results = try JSONDecoder().decode(PushResponse.self, from: bytes).results
        guard results.count == count, results.allSatisfy({ $0.status == .applied }) else {
            throw BenchFailure("push of \(count): \(results.filter { $0.status != .applied }.prefix(3))")
        }
        return results.compactMap(\.seq)
    }

    /// Pulls the whole log in pages of `limit`: each change's sequence number and op id.
    func pullAll(limit: Int) async throws -> [(seq: Int64, opID: String)] {
        var cursor: Int64 = 0
        var pulled: [(seq: Int64, opID: String)] = []
        while true {
            let response = try await client.execute(
                .init("/v1/households/\(household)/changes?after=\(cursor)&limit=\(limit)", method: .get, headers: headers))
            guard response.head.status == .ok, let body = response.body else {
                throw BenchFailure("pull answered \(response.head.status)")
            }
            let page = try JSONDecoder().decode(PulledPage<PulledChange>.self, from: Data(body.readableBytesView))
            pulled += page.changes.map { ($0.seq, $0.opId) }
            cursor = page.cursor
            if !page.hasMore { return pulled }
        }
    }

    /// `GET views/shopping-list?atLeast=SEQ`: answers once the server's replica has folded the log through `seq`.
    func view(atLeast seq: Int64) async throws {
        let response = try await client.execute(
            .init("/v1/households/\(household)/views/shopping-list?atLeast=\(seq)", method: .get, headers: headers))
        guard response.head.status == .ok else { throw BenchFailure("view answered \(response.head.status)") }
    }

    /// Closes the connection.
    func close() async throws {
        try await client.shutdown()
    }
}
