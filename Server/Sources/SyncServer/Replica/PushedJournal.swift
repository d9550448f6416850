import InventoryModule
import NIOConcurrencyHelpers

/// The rows this server's pushes appended and the replica has not folded yet, as the push decoded them: a fold of
/// what was just pushed reads the entries from here instead of reading their JSON from the database and decoding
/// it again.
///
/// A row is recorded after its push committed, with its `seq`: a journal entry, or a change of another kind (which
/// a fold skips). A fold takes the rows after its state only when every `seq` of the range is here — pushes of
/// other instances, web commands and anything recorded after the head was read leave gaps, and then the fold
/// reads the database as before; so what a fold sees is always exactly the log. Rows are dropped once folded
/// (``forget(_:through:)``), a household keeps at most ``maximumRows``, and at most ``maximumHouseholds`` are kept
/// (the least recently pushed to are dropped first).
public final class PushedJournal: Sendable {
    /// A recorded row: the journal entry, or a change of another kind.
    enum Row: Sendable {
        case journal(InventoryJournalEntry)
        case other
    }

    private struct Household {
        var rows: [Int64: Row] = [:]
        var lastTouched: UInt64 = 0
    }

    /// Rows kept per household; a household past it starts again from its newest push.
    static let maximumRows = 10_000
    /// Households kept.
    static let maximumHouseholds = 64

    private let state = NIOLockedValueBox<(households: [HouseholdID: Household], clock: UInt64)>(([:], 0))

    /// An empty record.
    public init() {}

    /// Records rows a push committed.
    func record(_ rows: [(seq: Int64, row: Row)], of household: HouseholdID) {
        guard !rows.isEmpty else { return }
        state.withLockedValue { state in
            state.clock &+= 1
            var kept = state.households[household] ?? Household()
            if kept.rows.count + rows.count > Self.maximumRows { kept.rows = [:] }
            for (seq, row) in rows.suffix(Self.maximumRows) { kept.rows[seq] = row }
            kept.lastTouched = state.clock
            state.households[household] = kept
            while state.households.count > Self.maximumHouseholds,
                let oldest = state.households.min(by: { $0.value.lastTouched < $1.value.lastTouched })?.key
            {
                state.households[oldest] = nil
            }
        }
    }

    /// The journal entries with `after < seq <= through`, in `seq` order, or `nil` unless every `seq` of the range
    /// is recorded.
    func entries(of household: HouseholdID, after: Int64, through: Int64) -> [(seq: Int64, entry: InventoryJournalEntry)]? {
        guard after < through else { return [] }
        return state.withLockedValue { state in
            guard let rows = state.households[household]?.rows, Int64(rows.count) >= through - after else { return nil }
            var entries: [(seq: Int64, entry: InventoryJournalEntry)] = []
            for seq in (after + 1)...through {
                switch rows[seq] {
                case .journal(let entry): entries.append((seq, entry))
                case .other: continue
                case nil: return nil
                }
            }
            return entries
        }
    }

    /// Drops the household's rows through `seq` (folded now).
    func forget(_ household: HouseholdID, through seq: Int64) {
        state.withLockedValue { state in
            guard var kept = state.households[household] else { return }
            kept.rows = kept.rows.filter { $0.key > seq }
            state.households[household] = kept.rows.isEmpty ? nil : kept
        }
    }
}
