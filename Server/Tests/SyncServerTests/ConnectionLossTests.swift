import Foundation
import Logging
import PostgresNIO
@testable import SyncServer
import Testing
import ThrowawayPostgres

/// A transaction whose connection dies between two statements fails at once instead of waiting for good
/// (PostgresNIO 1.33 never answers a statement written to a closed connection; ``ConnectionCloseWatch``).
@Suite(.enabled(if: PostgresCluster.isAvailable, "PostgreSQL 15 binaries not found"))
struct ConnectionLossTests {
    @Test(.timeLimit(.minutes(1)))
    func aTransactionWhoseConnectionIsTerminatedFailsInsteadOfHanging() async throws {
        try await withPostgresCluster { cluster in
            try await PostgresClient.withRunningClient(configuration: cluster.configuration(), logger: ServerProcessTests.logger) { client in
                let logger = ServerProcessTests.logger
                let started = ContinuousClock.now
                let outcome: Result<Int, any Error> = await Result(catching: {
                    try await client.withStoreTransaction(logger: logger) { connection in
                        var pid: Int32 = 0
                        for try await value in try await connection.query("SELECT pg_backend_pid()", logger: logger).decode(Int32.self) {
                            pid = value
                        }
                        // Another session ends this one, as a restart or a failover would.
                        _ = try await client.withConnection { other in
                            try await other.query("SELECT pg_terminate_backend(\(pid))", logger: logger)
                        }
                        // Statements after the loss: one of them is written to the closed channel.
                        var statements = 0
                        while true {
                            try await connection.query("SELECT 1", logger: logger)
                            statements += 1
                            try await Task.sleep(for: .milliseconds(5))
                        }
                        return statements
                    }
                })
                #expect(throws: (any Error).self) { try outcome.get() }
                #expect(ContinuousClock.now - started < .seconds(20))
                // The pool still serves a new transaction.
                let answer = try await client.withStoreTransaction(logger: logger) { connection in
                    var one = 0
                    for try await value in try await connection.query("SELECT 1", logger: logger).decode(Int.self) { one = value }
                    return one
                }
                #expect(answer == 1)
            }
        }
    }
}

extension Result where Failure == any Error {
    /// The outcome of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
