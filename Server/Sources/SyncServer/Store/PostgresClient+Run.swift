import Logging
import PostgresNIO

extension PostgresClient {
    /// Runs a client for the duration of `body`: for one-shot commands that have no service group.
    /// - Throws: whatever `body` throws.
    public static func withRunningClient<Result: Sendable>(
        configuration: Configuration,
        logger: Logger,
        _ body: @Sendable (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }
}
