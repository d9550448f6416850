import Foundation

/// The projected state of each household a service has loaded, shared by the service's commands and its sync
/// adapter. Every use runs inside the service's `SerialGate`; the lock only keeps the dictionary itself safe.
///
/// A command takes the state out (``take(_:)``), changes it and puts it back, so the cache never holds a second
/// reference while the state changes and a command does not copy the whole state.
final class InventoryStateCache: @unchecked Sendable {
    // @unchecked: `states` is only read and written under `lock`.
    private let lock = NSLock()
    private var states: [HouseholdID: InventoryState] = [:]

    /// The cached state, or `nil`.
    func state(of household: HouseholdID) -> InventoryState? {
        lock.withLock { states[household] }
    }

    /// The result of `body` on the cached state, read in place (no copy the next change would have to undo), or
    /// `nil` when none is cached.
    func read<Result>(_ household: HouseholdID, _ body: (InventoryState) -> Result) -> Result? {
        lock.withLock { states[household].map(body) }
    }

    /// Removes and returns the cached state.
    func take(_ household: HouseholdID) -> InventoryState? {
        lock.withLock { states.removeValue(forKey: household) }
    }

    /// Stores a state.
    func put(_ state: InventoryState, for household: HouseholdID) {
        lock.withLock { states[household] = state }
    }

    /// The households with a cached state, in id order.
    var households: [HouseholdID] {
        lock.withLock { states.keys.sorted() }
    }
}
