import Foundation
import InventoryModule
import NIOConcurrencyHelpers

/// The journal entries this server instance appended, kept in memory until its replica folds them, so a fold
/// after a push neither reads them back from the database nor decodes their JSON again.
///
/// A push records here once its transaction committed: the journal entries it appended, each under the `seq` it
/// was written at — the rows a read of the log would return, decoded from the very entries their payloads were
/// encoded from. Entries another instance appended are not here; the fold reads them from the log as before. A
/// run the fold takes must start right after the state it continues and be gapless, so nothing here can stand in
/// for a row it has not seen.
///
/// It keeps nothing until a replica uses it (``enable()``): a store without a replica (the admin commands) never
/// holds entries. It holds at most ``capacity`` entries: when full, the households recorded least recently are
/// dropped first, and their folds read the log.
final class AppendedJournal: Sendable {
    /// Entries kept at most, over all households.
    let capacity: Int

    private struct State {
        var isEnabled = false
        /// Each household's entries by `seq`.
        var entries: [HouseholdID: [Int64: InventoryJournalEntry]] = [:]
        /// Households in the order they were last recorded, least recent first.
        var order: [HouseholdID] = []
        var count = 0
    }

    private let state = NIOLockedValueBox(State())

    /// Creates an empty, disabled record holding at most `capacity` entries.
    init(capacity: Int = 65_536) {
        self.capacity = capacity
    }

    /// Starts keeping what ``record(_:of:)`` is given.
    func enable() {
        state.withLockedValue { $0.isEnabled = true }
    }

    /// Keeps `entries` (committed as the given `seq`s) of `household`, unless that exceeds the capacity.
    func record(_ entries: [(seq: Int64, entry: InventoryJournalEntry)], of household: HouseholdID) {
        guard !entries.isEmpty, entries.count <= capacity else { return }
        state.withLockedValue { state in
            guard state.isEnabled else { return }
            while state.count + entries.count > capacity, let oldest = state.order.first {
                state.order.removeFirst()
                state.count -= state.entries.removeValue(forKey: oldest)?.count ?? 0
            }
            // Taken out while it grows, so the dictionary is not copied.
            var kept = state.entries.removeValue(forKey: household) ?? [:]
            for (seq, entry) in entries where kept.updateValue(entry, forKey: seq) == nil {
                state.count += 1
            }
            state.entries[household] = kept
            state.order.removeAll { $0 == household }
            state.order.append(household)
        }
    }

    /// The entries kept for `after + 1`, `after + 2`, … up to `through`, as far as they run without a gap.
    func run(of household: HouseholdID, after: Int64, through: Int64) -> [(seq: Int64, entry: InventoryJournalEntry)] {
        state.withLockedValue { state in
            guard let kept = state.entries[household] else { return [] }
            var run: [(seq: Int64, entry: InventoryJournalEntry)] = []
            var seq = after + 1
            while seq <= through, let entry = kept[seq] {
                run.append((seq, entry))
                seq += 1
            }
            return run
        }
    }

    /// The lowest `seq` kept for the household above `after`, if any: where a read of the log for a gap can stop.
    func nextKept(of household: HouseholdID, after: Int64) -> Int64? {
        state.withLockedValue { state in
            state.entries[household]?.keys.lazy.filter { $0 > after }.min()
        }
    }

    /// Drops the household's entries numbered `through` or lower (folded), or all of them when `through` is `nil`.
    func forget(_ household: HouseholdID, through: Int64? = nil) {
        state.withLockedValue { state in
            guard var kept = state.entries.removeValue(forKey: household) else { return }
            let before = kept.count
            if let through { kept = kept.filter { $0.key > through } } else { kept = [:] }
            state.count -= before - kept.count
            if kept.isEmpty {
                state.entries[household] = nil
                state.order.removeAll { $0 == household }
            } else {
                state.entries[household] = kept
            }
        }
    }

    /// How many entries are kept, over all households.
    var count: Int { state.withLockedValue { $0.count } }
}
