import Foundation

/// The waits a client asked for.
final class WaitLog: @unchecked Sendable {  // `waits` is behind `lock`
    private let lock = NSLock()
    private var waits: [TimeInterval] = []

    /// Records one wait.
    func record(_ seconds: TimeInterval) { lock.withLock { waits.append(seconds) } }
    /// The waits, in order.
    var all: [TimeInterval] { lock.withLock { waits } }
}
