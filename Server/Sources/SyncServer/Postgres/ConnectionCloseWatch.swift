import Foundation
import NIOConcurrencyHelpers
import PostgresNIO

/// Ends work on a PostgreSQL connection as soon as the connection closes.
///
/// PostgresNIO 1.33 never answers a query written to a channel that has already closed: when the database goes
/// away between two statements of a transaction (a restart, a failover, a killed backend), the next statement would
/// wait for good, and so would the request that runs it. ``run(on:_:)`` races the work with the connection's close
/// and throws ``ConnectionLost`` the moment the connection is gone; the abandoned work is left suspended on the
/// dead connection, which the pool discards.
///
/// One close callback is registered per connection (not per transaction), so a long-lived pooled connection does
/// not accumulate callbacks.
final class ConnectionCloseWatch: Sendable {
    /// The database connection closed while work was running on it.
    struct ConnectionLost: Error, CustomStringConvertible {
        var description: String { "the connection to PostgreSQL closed during the transaction" }
    }

    static let shared = ConnectionCloseWatch()

    private typealias Waiters = [UUID: @Sendable () -> Void]
    /// Keyed by the connection object: `PostgresConnection.id` is numbered per client, so two clients of one
    /// process (tests, several pools) reuse the same ids. An entry leaves the table when its connection closes,
    /// before the object can be freed and its identity reused.
    private let watched = NIOLockedValueBox<[ObjectIdentifier: Waiters]>([:])

    /// Runs `work`, throwing ``ConnectionLost`` instead of waiting when `connection` closes first.
    func run<Result: Sendable>(
        on connection: PostgresConnection,
        _ work: @escaping @Sendable () async throws -> Result
    ) async throws -> Result {
        let outcome = NIOLockedValueBox<CheckedContinuation<Result, any Error>?>(nil)
        let waiter = UUID()
        let resume: @Sendable (Swift.Result<Result, any Error>) -> Void = { result in
            outcome.withLockedValue { continuation in
                continuation?.resume(with: result)
                continuation = nil
            }
        }
        // The work starts only once the continuation is stored, so a quick answer is never dropped.
        let started = NIOLockedValueBox<Task<Void, Never>?>(nil)
        defer { stopWatching(ObjectIdentifier(connection), waiter) }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.withLockedValue { $0 = continuation }
                let task = Task<Void, Never> {
                    do { resume(.success(try await work())) } catch { resume(.failure(error)) }
                }
                started.withLockedValue { $0 = task }
                watch(connection, waiter) { resume(.failure(ConnectionLost())) }
            }
        } onCancel: {
            started.withLockedValue { $0 }?.cancel()
        }
    }

    private func watch(_ connection: PostgresConnection, _ waiter: UUID, _ onClose: @escaping @Sendable () -> Void) {
        let (isNew, isClosed) = watched.withLockedValue { table -> (Bool, Bool) in
            if connection.isClosed { return (false, true) }
            let key = ObjectIdentifier(connection)
            let isNew = table[key] == nil
            table[key, default: [:]][waiter] = onClose
            return (isNew, false)
        }
        if isClosed { return onClose() }
        if isNew {
            let id = ObjectIdentifier(connection)
            connection.closeFuture.whenComplete { [self] _ in
                let waiters = watched.withLockedValue { $0.removeValue(forKey: id) } ?? [:]
                waiters.values.forEach { $0() }
            }
        }
    }

    private func stopWatching(_ id: ObjectIdentifier, _ waiter: UUID) {
        watched.withLockedValue { table in
            table[id]?[waiter] = nil
        }
    }
}
