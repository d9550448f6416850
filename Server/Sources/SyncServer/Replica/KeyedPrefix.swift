import InventoryModule

/// A household's fold of the journal entries that sort first, with the entries that sort after them kept beside
/// it: a late arrival that sorts after the fold's last entry is folded with those few instead of the whole journal.
///
/// Several devices pushing at once drift apart, so a fold's new entries often sort before entries already folded;
/// a state through a `seq` then no longer serves, however recent, because the entries it folded from the fastest
/// device sort after the late ones. A fold of the entries that sort *first* does serve, as long as the late ones
/// sort after its last entry: the cost of the refold is the entries kept beside it and those that arrived, not the
/// history.
///
/// `state` is `InventoryProjector.project` of the journal entries numbered through `throughSeq` that sort at or
/// before `state.lastAppliedOrderKey`; `rest` holds the other entries numbered through `throughSeq` — all of them
/// sort after it. Between `kept` and `maxRest` entries are kept in `rest` (``HouseholdReplicas/Policy``).
struct KeyedPrefix: Sendable {
    private(set) var state: InventoryState
    private(set) var throughSeq: Int64
    private(set) var rest: [(seq: Int64, entry: InventoryJournalEntry)]

    /// The whole journal's state, from `entries` (every journal entry numbered through `head`), and the prefix made
    /// on the way: the fold of all but the `kept` entries that sort last, then those. The prefix is `nil`
    /// when the two-part fold is refused (an undo among the last entries of a transaction folded before them); the
    /// state is then the whole fold.
    static func split(_ entries: [(seq: Int64, entry: InventoryJournalEntry)], through head: Int64, kept: Int)
        -> (state: InventoryState, prefix: KeyedPrefix?)
    {
        let sorted = entries.sorted { $0.entry.orderKey < $1.entry.orderKey }
        let cut = max(0, sorted.count - kept)
        let prefixState = InventoryProjector.project(sorted[..<cut].lazy.map(\.entry))
        let rest = Array(sorted[cut...])
        guard let state = InventoryProjector.project(rest.lazy.map(\.entry), continuing: prefixState) else {
            return (InventoryProjector.project(entries.lazy.map(\.entry)), nil)
        }
        return (state, KeyedPrefix(state: prefixState, throughSeq: head, rest: rest))
    }

    /// The state through the last entry of `tail` (the entries numbered after ``throughSeq``), or `nil` when one of
    /// them sorts before the prefix's last entry or the kit refuses to continue (an undo of a folded transaction).
    func fold(_ tail: [(seq: Int64, entry: InventoryJournalEntry)]) -> InventoryState? {
        InventoryProjector.project(rest.lazy.map(\.entry) + tail.lazy.map(\.entry), continuing: state)
    }

    /// Takes in `tail`, the entries numbered after ``throughSeq`` through `head`; `false` (and the prefix must be
    /// dropped) when one of them sorts before the prefix's last entry.
    mutating func extend(with tail: [(seq: Int64, entry: InventoryJournalEntry)], through head: Int64) -> Bool {
        if let last = state.lastAppliedOrderKey, tail.contains(where: { !(last < $0.entry.orderKey) }) { return false }
        rest += tail
        throughSeq = head
        return true
    }

    /// Folds all but the `kept` entries that sort last into the prefix once more than `maxRest` are kept;
    /// `false` (and the prefix must be dropped) when the kit refuses to continue.
    mutating func moveForward(keeping kept: Int, beyond maxRest: Int) -> Bool {
        guard rest.count > maxRest else { return true }
        let sorted = rest.sorted { $0.entry.orderKey < $1.entry.orderKey }
        let cut = max(0, sorted.count - kept)
        guard let moved = InventoryProjector.project(sorted[..<cut].lazy.map(\.entry), continuing: state) else {
            return false
        }
        state = moved
        rest = Array(sorted[cut...])
        return true
    }
}
