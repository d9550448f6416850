import Foundation
import InventoryKit
import InventoryModule
import SyncServer
import SyncWire

/// A test double of the server's replica: on every call, folds the household's journal as the server holds it
/// (read through the store, all pages) with the kit's `InventoryProjector`.
struct JournalFoldingViews: HouseholdViewSource {
    let store: PostgresSyncStore

    func view(of household: SyncServer.HouseholdID, atLeast: Int64?) async throws -> ReplicaView {
        var entries: [InventoryJournalEntry] = []
        var cursor: Int64 = 0
        while true {
            let page = try await store.changes(of: household, after: cursor, limit: 1000, kinds: [.journal])
            for change in page.changes {
                entries.append(try RecordCoding.decode(InventoryJournalEntry.self, from: Data(change.payload.text.utf8)))
            }
            cursor = page.changes.last?.seq ?? cursor
            if !page.hasMore { break }
        }
        return ReplicaView(seq: cursor, state: InventoryProjector.project(entries), foldedAt: Date())
    }
}
