import Logging
import PostgresNIO

extension PostgresClient {
    /// Runs a client for the duration of `body`, and closes it after: for one-shot commands, and for a server whose
    /// migrations run before its service group starts.
    ///
    /// `run()` starts as an immediate task, so the client is running before `body` leases a connection (a lease
    /// before `run()` makes PostgresNIO warn that `run()` has not been called). Before Swift 6.2's immediate tasks
    /// (macOS before 26) it starts as an ordinary child task.
    /// - Throws: whatever `body` throws.
    package static func withRunningClient<Result: Sendable>(
        configuration: Configuration,
        logger: Logger,
        _ body: @Sendable (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self, returning: Result.self) { group in
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                group.addImmediateTask { await client.run() }
            } else {
                group.addTask { await client.run() }
            }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }
}

extension PostgresClient {
    /// Runs `body` in a transaction on a leased connection: `BEGIN`, the body, `COMMIT`; `ROLLBACK` when the body
    /// throws, and the body's error is rethrown as itself (a ``SyncStoreError`` stays one, so callers can map it to
    /// the API's codes).
    ///
    /// Not PostgresNIO's `withTransaction`: when the database goes away mid-transaction (a restart, a failover),
    /// that one sends `ROLLBACK` on the dead connection, and PostgresNIO 1.33 never answers a query written to a
    /// closed channel, so any statement issued after the database went away would hang for good, and the request
    /// with it. Here the transaction runs under ``ConnectionCloseWatch``, which throws the moment the connection
    /// closes, and a body that failed because the connection is gone skips the `ROLLBACK` (the server ended the
    /// transaction with the session).
    func withStoreTransaction<Result: Sendable>(
        logger: Logger,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await withWatchedConnection { connection in
            try await connection.query("BEGIN", logger: logger)
            let value: Result
            do {
                value = try await body(connection)
            } catch {
                if !Self.connectionIsGone(after: error), !connection.isClosed {
                    // A rollback that fails leaves a connection the pool discards; the body's error is the news.
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                }
                throw error
            }
            try await connection.query("COMMIT", logger: logger)
            return value
        }
    }

    /// Runs `body` on a leased connection under ``ConnectionCloseWatch``, which throws the moment the connection
    /// closes: for statements outside a transaction, which `PostgresClient.query` would leave waiting for good when
    /// the pool hands out a connection that closes under it (a failover closes them all at once). The store runs
    /// none of its statements through `PostgresClient.query`.
    func withWatchedConnection<Result: Sendable>(
        _ body: @escaping @Sendable (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        try await withConnection { connection in
            try await ConnectionCloseWatch.shared.run(on: connection) { try await body(connection) }
        }
    }

    /// Runs one statement on a watched connection (``withWatchedConnection(_:)``) and decodes every row it answers.
    func watchedQuery<each Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, logger: Logger, decoding: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        try await withWatchedConnection { connection in
            var rows: [(repeat each Column)] = []
            for try await row in try await connection.query(query, logger: logger).decode((repeat each Column).self) {
                rows.append(row)
            }
            return rows
        }
    }

    /// Runs one statement that writes in a transaction of its own (``withStoreTransaction(logger:_:)``) and decodes
    /// every row it answers, once its `COMMIT` is answered. A writing statement run alone (``watchedQuery``) is
    /// answered before its implicit commit at the protocol's `Sync`: what a caller is told was written could still
    /// be lost.
    func committedQuery<each Column: PostgresDecodable & Sendable>(
        _ query: PostgresQuery, logger: Logger, decoding: (repeat each Column).Type
    ) async throws -> [(repeat each Column)] {
        try await withStoreTransaction(logger: logger) { connection in
            var rows: [(repeat each Column)] = []
            for try await row in try await connection.query(query, logger: logger).decode((repeat each Column).self) {
                rows.append(row)
            }
            return rows
        }
    }

    /// Whether `error` says the connection itself failed, not a statement on it.
    static func connectionIsGone(after error: any Error) -> Bool {
        if error is ConnectionCloseWatch.ConnectionLost { return true }
        guard let error = error as? PSQLError else { return false }
        return [.connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown, .poolClosed]
            .contains(error.code)
    }
}
