import Foundation
import HTTPTypes
import HummingbirdTesting

extension SyncServerHarness {
    /// `/v1/ready`'s first `200`, asked every 100 ms until `limit` has passed; else its last answer.
    ///
    /// Ready means the database answered within `SyncService.readinessWait`; on a loaded machine the first pings
    /// right after start may take longer, and `503` is the server's correct answer then.
    func firstReadiness(within limit: Duration) async throws -> TestResponse {
        let deadline = ContinuousClock.now + limit
        while true {
            let response = try await client.execute(uri: "/v1/ready", method: .get)
            guard response.status != .ok, ContinuousClock.now < deadline else { return response }
            try await Task.sleep(for: .milliseconds(100))
        }
    }
}
