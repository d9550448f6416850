import Foundation
import InventoryModule

/// A busy household's earlier folded states, kept in memory with the journal entries after them, so that a late
/// arrival — an entry that sorts before ones already folded, as when several devices push at once — refolds only
/// the entries since a state it does not reach back into, instead of reading saved states and entries from the
/// database again.
///
/// A state kept here is the fold of every journal entry numbered at or below its `seq`; the log only grows, so it
/// stays exactly that. States are kept at spaced distances from the head (at most one in each of the ranges
/// [0, 64), [64, 256), [256, 1024) and [1024, 4096) sequence numbers back), so a household keeps at most four of
/// them and the entries of its last 4,096 sequence numbers; older late arrivals refold from the saved states.
struct RecentFolds: Sendable {
    /// The nearest range of distances from the head; each next range is four times wider.
    static let nearestRange: Int64 = 64
    /// How many ranges keep a state.
    static let ranges = 4

    /// Earlier states, newest first.
    private(set) var states: [(seq: Int64, state: InventoryState)] = []
    /// The journal entries after the oldest kept state, in `seq` order.
    private(set) var entries: [(seq: Int64, entry: InventoryJournalEntry)] = []

    /// Keeps `state`, the fold through `seq`, and the entries folded after it (`tail`, in `seq` order, through
    /// `head`); drops what the spacing no longer needs.
    mutating func keep(_ state: InventoryState, at seq: Int64, then tail: [(seq: Int64, entry: InventoryJournalEntry)], head: Int64) {
        if let newest = states.first, newest.seq > seq { return }
        if states.isEmpty { entries = [] }
        if states.first?.seq != seq { states.insert((seq, state), at: 0) }
        let last = entries.last?.seq ?? seq
        entries += tail.lazy.filter { $0.seq > last }
        var kept: [(seq: Int64, state: InventoryState)] = []
        var usedRanges: Set<Int> = []
        for candidate in states {
            guard let range = Self.range(ofDistance: head - candidate.seq), usedRanges.insert(range).inserted else { continue }
            kept.append(candidate)
        }
        states = kept
        guard let oldest = states.last?.seq else {
            entries = []
            return
        }
        if let first = entries.firstIndex(where: { $0.seq > oldest }) {
            entries.removeFirst(first)
        } else {
            entries = []
        }
    }

    /// The fold through the last entry of `tail` from the newest kept state that the entries after it do not reach
    /// back into, or `nil` when none serves. `tail` holds the entries after the last kept entry, in `seq` order.
    func refold(with tail: [(seq: Int64, entry: InventoryJournalEntry)]) -> InventoryState? {
        for candidate in states {
            let after = entries.lazy.filter { $0.seq > candidate.seq }.map(\.entry)
            if let state = InventoryProjector.project(Array(after) + tail.map(\.entry), continuing: candidate.state) {
                return state
            }
        }
        return nil
    }

    /// The range a distance from the head falls in, or `nil` beyond the widest.
    private static func range(ofDistance distance: Int64) -> Int? {
        var upper = nearestRange
        for range in 0..<ranges {
            if distance < upper { return range }
            upper *= 4
        }
        return nil
    }
}
