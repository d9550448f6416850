import Foundation
import HTTPSync
import InventoryModule
import InventorySync
import ProductModule
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Retry-After: short waits are honoured inside the call, long ones go to the engine's backoff")
struct RetryAfterTests {
    static let emptyPage = Data(#"{"changes":[],"cursor":7,"hasMore":false}"#.utf8)

    /// A gateway whose requests the script answers, and the waits it asked for.
    static func gateway(_ household: UUID) throws -> (HTTPProductGateway, WaitLog) {
        let waits = WaitLog()
        var configuration = try HTTPSyncConfiguration(
            server: try #require(URL(string: "http://sync.invalid")), household: household, token: "token")
        configuration.sleep = HTTPSyncSleep { seconds in waits.record(seconds) }
        let session = URLSessionConfiguration.ephemeral
        session.protocolClasses = [ScriptedProtocol.self]
        let client = HTTPSyncClient(configuration: configuration, session: URLSession(configuration: session))
        return (HTTPProductGateway(client: client), waits)
    }

    @Test("a 503 with Retry-After: 2 is waited out and sent again")
    func honoured() async throws {
        let household = UUID()
        ScriptedProtocol.script(household, [
            .init(status: 503, headers: ["Retry-After": "2"]), .init(status: 429, headers: ["Retry-After": "1"]),
            .init(status: 200, body: Self.emptyPage),
        ])
        let (gateway, waits) = try Self.gateway(household)
        let batch = try await gateway.changes(after: 3, limit: 10)
        #expect(batch.cursor == 7 && batch.records.isEmpty)
        #expect(waits.all == [2, 1] && ScriptedProtocol.requests(household) == 3)
    }

    @Test("a Retry-After over the bound, or none, is thrown as transient at once")
    func notHonoured() async throws {
        for headers in [["Retry-After": "120"], [:]] {
            let household = UUID()
            ScriptedProtocol.script(household, [.init(status: 503, headers: headers), .init(status: 200, body: Self.emptyPage)])
            let (gateway, waits) = try Self.gateway(household)
            await #expect(throws: RemoteSyncError.transient("HTTP 503")) { _ = try await gateway.changes(after: nil, limit: 10) }
            #expect(waits.all.isEmpty && ScriptedProtocol.requests(household) == 1)
        }
    }

    @Test("retries stop after the configured attempts")
    func boundedAttempts() async throws {
        let household = UUID()
        ScriptedProtocol.script(household, Array(repeating: .init(status: 503, headers: ["Retry-After": "0"]), count: 5))
        let (gateway, _) = try Self.gateway(household)
        await #expect(throws: RemoteSyncError.self) { _ = try await gateway.changes(after: nil, limit: 10) }
        #expect(ScriptedProtocol.requests(household) == 3)
    }
}
