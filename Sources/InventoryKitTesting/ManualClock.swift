import Foundation
import InventoryKit

/// A clock a test moves by hand; ``clock`` hands it to services as an `InventoryClock`.
///
/// ```swift
/// let time = ManualClock(Date(timeIntervalSince1970: 0))
/// let service = ProductModuleService(storage: storage, replicaID: "a", clock: time.clock)
/// time.advance(by: 60)
/// ```
public final class ManualClock: @unchecked Sendable {
    // @unchecked: `current` is only read and written under `lock`.
    private let lock = NSLock()
    private var current: Date

    /// Creates a clock showing `start`.
    public init(_ start: Date = Date(timeIntervalSinceReferenceDate: 0)) {
        current = start
    }

    /// The time shown.
    public var now: Date { lock.withLock { current } }

    /// Moves the clock forward (a negative interval moves it back, to simulate clock skew).
    public func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    /// Sets the time shown.
    public func set(_ date: Date) {
        lock.withLock { current = date }
    }

    /// The clock as an `InventoryClock`.
    public var clock: InventoryClock { InventoryClock { [self] in now } }
}
