import Foundation

/// How an ``HTTPSyncClient`` waits before retrying a request the server asked to retry later: an injected source
/// of time, so tests neither sleep nor depend on the clock.
///
/// ```swift
/// configuration.sleep = .task          // real waiting (the default)
/// configuration.sleep = .immediate     // tests: no waiting
/// ```
public struct HTTPSyncSleep: Sendable {
    /// Waits the given number of seconds; throws `CancellationError` when the task is cancelled.
    public let wait: @Sendable (TimeInterval) async throws -> Void

    /// Creates a sleep from a closure.
    public init(_ wait: @escaping @Sendable (TimeInterval) async throws -> Void) {
        self.wait = wait
    }

    /// Waits with `Task.sleep`.
    public static let task = HTTPSyncSleep { seconds in
        try await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000))
    }

    /// Does not wait (for tests).
    public static let immediate = HTTPSyncSleep { _ in }
}
