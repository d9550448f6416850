import Foundation
import InventoryModule
import InventoryModuleTesting
@testable import SyncServer

/// Appends what an in-memory remote holds beyond the server's log to that log, in the remote's order, one call at a
/// time (devices push in the background, and the joining device's gateway mirrors before it asks for a snapshot),
/// so a change has the same `seq` in both.
actor LogMirror {
    let remote: InMemoryInventoryRemote
    let store: PostgresSyncStore
    let household: InventoryModule.HouseholdID
    let serverHousehold: SyncServer.HouseholdID
    private var previous: Task<Void, Never>?

    init(remote: InMemoryInventoryRemote, store: PostgresSyncStore, household: InventoryModule.HouseholdID, serverHousehold: SyncServer.HouseholdID) {
        self.remote = remote
        self.store = store
        self.household = household
        self.serverHousehold = serverHousehold
    }

    /// Mirrors the remote; returns every entry it holds, and the outcomes the server gave that were not `applied`.
    func mirror() async throws -> (entries: [InventoryJournalEntry], refused: [String]) {
        let before = previous
        let task = Task { () async throws -> ([InventoryJournalEntry], [String]) in
            _ = await before?.value
            return try await self.append()
        }
        previous = Task { _ = await task.result }
        return try await task.value
    }

    private func append() async throws -> ([InventoryJournalEntry], [String]) {
        let entries = await remote.entries(of: household)
        let head = Int(try await store.replicaHead(of: serverHousehold) ?? 0)
        guard entries.count > head else { return (entries, []) }
        let pending = entries[head...].map {
            PendingChange(opID: $0.id, entityID: $0.id.uuidString.lowercased(), content: .journal($0))
        }
        var refused: [String] = []
        for outcome in try await store.push(Array(pending), to: serverHousehold) {
            if case .applied = outcome { continue }
            refused.append("\(outcome)")
        }
        return (entries, refused)
    }
}
