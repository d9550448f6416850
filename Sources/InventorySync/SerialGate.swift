import Foundation

/// Runs async work one piece at a time, first come first served: the lock that makes a service's commands
/// linearizable although actors are re-entrant at every `await`.
///
/// A service runs each command, and the sync engine each local step of a pass (settling a push round, applying a
/// pulled page), inside its gate, so a command's check and its commit are never split by another call's write.
/// Network calls run outside the gate.
///
/// ```swift
/// let result = try await gate.run { try await decideAndCommit(command) }
/// ```
///
/// The gate is not re-entrant: work inside ``run(isolation:_:)`` must not call `run` on the same gate.
package final class SerialGate: @unchecked Sendable {
    // @unchecked: `isLocked` and `waiters` are only touched under `lock`.
    private let lock = NSLock()
    private var isLocked = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// Creates an open gate.
    package init() {}

    /// Runs `body` when every earlier piece of work has finished, on the caller's actor.
    ///
    /// - Throws: whatever `body` throws.
    package func run<T>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
    ) async rethrows -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let enter: Bool = lock.withLock {
                if isLocked {
                    waiters.append(continuation)
                    return false
                }
                isLocked = true
                return true
            }
            if enter { continuation.resume() }
        }
    }

    private func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiters.isEmpty {
                isLocked = false
                return nil
            }
            return waiters.removeFirst()
        }
        next?.resume()
    }
}
