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

extension PostgresClient {
    /// `withTransaction` that rethrows a ``SyncStoreError`` the body threw as itself, not wrapped in
    /// `PostgresTransactionError`, so callers can map it to the API's codes. The transaction is rolled back either way.
    func withStoreTransaction<Result: Sendable>(
        logger: Logger,
        _ body: (PostgresConnection) async throws -> sending Result
    ) async throws -> sending Result {
        do {
            return try await withTransaction(logger: logger, body)
        } catch let error as PostgresTransactionError {
            if let storeError = error.closureError as? SyncStoreError, error.rollbackError == nil {
                throw storeError
            }
            throw error
        }
    }
}
