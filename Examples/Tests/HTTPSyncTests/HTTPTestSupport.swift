import Foundation
import HTTPSync
import Testing

/// Factories for the gateway tests.
enum HTTPTestSupport {
    /// A client of `device` in `household` on the test server (no waiting on `Retry-After`).
    static func client(_ server: SyncServerFixture, _ household: ServerHousehold, device: Int = 0) throws -> HTTPSyncClient {
        var configuration = try HTTPSyncConfiguration(server: server.url, household: household.id, token: household.devices[device].token)
        configuration.requestTimeout = 10
        configuration.sleep = .immediate
        return HTTPSyncClient(configuration: configuration)
    }

    /// A loopback address nobody listens on (port 1, tcpmux, is never served on a test machine): a stopped server.
    static func stoppedServer() throws -> URL {
        try #require(URL(string: "http://127.0.0.1:1"))
    }
}
