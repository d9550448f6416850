import Foundation
import InventoryKit

/// A clock the journal generator moves forward by hand (like `InventoryKitTesting`'s `ManualClock`), handed to the
/// service as an `InventoryClock`, so three years of household life pass in seconds.
final class HistoryClock: @unchecked Sendable {
    // @unchecked: `current` is only read and written under `lock`.
    private let lock = NSLock()
    private var current: Date

    /// Creates a clock showing `start`.
    init(_ start: Date) {
        current = start
    }

    /// The time shown.
    var now: Date { lock.withLock { current } }

    /// Moves the clock forward.
    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    /// The clock as an `InventoryClock`.
    var clock: InventoryClock { InventoryClock { [self] in now } }
}
