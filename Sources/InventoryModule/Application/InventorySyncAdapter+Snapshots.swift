import Foundation
import InventoryKit
import InventorySync

/// Snapshot bootstrap: a device that never pulled a household, or whose pulled entries reach before the snapshot
/// it started from, loads the remote's folded state (``InventoryRemoteGateway/snapshot(of:atLeast:)``) instead of
/// the whole journal, then pulls the entries after it.
///
/// A first pull loads one only on a device that holds nothing of the household (a new device, a reinstall): a
/// device that wrote entries before its first pull keeps them, and with them the power to undo them. A snapshot
/// replaces the household's local journal, so it is only loaded while the outbox holds nothing of the household
/// (every local entry is then on the remote: in the snapshot, or among the entries pulled after it).
extension InventorySyncAdapter {
    func bootstrap(
        _ household: HouseholdID, from cursor: Int64?, atLeast: Int64?, required: Bool
    ) async throws -> OutboxBootstrap? {
        guard let remote, store.keepsSnapshots, required || cursor == nil else { return nil }
        guard try await mayReplaceJournal(of: household, required: required) else { return nil }
        let floor = max(atLeast ?? 0, cursor ?? 0)
        guard let snapshot = try await remote.snapshot(of: household, atLeast: floor == 0 ? nil : floor),
            snapshot.householdID == household, snapshot.seq >= floor,
            let state = try? snapshot.checkpoint.state(), state.lastAppliedOrderKey == snapshot.checkpoint.mark.orderKey
        else {
            // None served, or one this kit cannot read (another format version): the feed is the truth.
            return nil
        }
        return OutboxBootstrap { [self] in
            guard try await store.pullCursor(of: household) == cursor,
                try await mayReplaceJournal(of: household, required: required)
            else {
                return nil
            }
            var transaction = InventoryLocalTransaction()
            transaction.snapshot = snapshot
            transaction.pullCursor = (household, snapshot.seq)
            try await store.commit(transaction)
            checkpoints.loaded(snapshot)
            cache.put(state, for: household)
            return OutboxBootstrap.Loaded(cursor: snapshot.seq, count: state.entryLog.count)
        }
    }

    /// Whether a snapshot may replace the household's journal: the outbox holds no entry of it (quarantined ones
    /// included), and, unless the feed cannot be followed any more, the journal holds none either.
    private func mayReplaceJournal(of household: HouseholdID, required: Bool) async throws -> Bool {
        if !required, try await store.hasEntries(of: household) { return false }
        guard try await store.dueOutbox(at: .distantFuture, limit: 1, households: [household]).isEmpty else { return false }
        return try await !store.quarantinedOutbox().contains { $0.entityID == household.rawValue }
    }

    /// The page's new entries, or ``OutboxSnapshotRequired`` when the household started from a snapshot on this
    /// device and they reach before it (a late arrival, an undo of a transaction the snapshot holds). Entries the
    /// snapshot holds are left out: the device has their effects, not their entries.
    func entriesAfterFloor(
        _ candidates: [InventoryJournalEntry], of household: HouseholdID, cursor: Int64?
    ) async throws -> [InventoryJournalEntry] {
        guard !candidates.isEmpty, let floor = try await checkpoints.floor(of: household) else { return candidates }
        if cache.state(of: household) == nil { _ = try await state(of: household) }
        let fresh = cache.read(household) { state in candidates.filter { !state.entryLog.contains($0.id) } } ?? candidates
        let reach = cache.read(household) { $0.reach(of: fresh) } ?? .everything
        guard !reach.invalidates(floor.mark.orderKey) else {
            throw OutboxSnapshotRequired(
                atLeast: cursor,
                reason: "pulled entries of \(household) reach before the snapshot this device joined from (change "
                    + "\(floor.seq)); a newer snapshot is loaded once the device's own entries are pushed")
        }
        return fresh
    }
}
