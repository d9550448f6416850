import Foundation
import InventoryKit
import InventorySync

/// An ``InventoryRemoteGateway`` kept in any `StorageProvider` — a shared folder, a second database — so devices
/// can sync household journals without a server.
///
/// Each entry is appended once (by id) with the next sequence of the feed, in the provider's domain metadata
/// (`remote-inventory-journal`); each push is one atomic `StorageProvider.commit`.
public actor StorageInventoryRemote: InventoryRemoteGateway {
    private static let journal: RecordCollection = "remote-inventory-journal"

    /// The storage the remote lives in.
    public nonisolated let storage: any StorageProvider

    /// Creates a remote on a provider.
    public init(storage: any StorageProvider) {
        self.storage = storage
    }

    /// Appends entries once each.
    public func push(_ entries: [InventoryJournalEntry]) async throws -> [InventoryPushResult] {
        var sequence = try await lastSequence()
        var batch = StorageBatch()
        var staged: [UUID: Int64] = [:]
        var results: [InventoryPushResult] = []
        for entry in entries {
            if let known = staged[entry.id] {
                results.append(InventoryPushResult(entryID: entry.id, outcome: .applied(sequence: known)))
                continue
            }
            if let stored = try await storage.domainMetadata.load(Entry.self, id: RecordID(entry.id)) {
                results.append(InventoryPushResult(entryID: entry.id, outcome: .applied(sequence: stored.sequence)))
                continue
            }
            sequence += 1
            staged[entry.id] = sequence
            batch.domain.append(try .save(Entry(entry: entry, sequence: sequence)))
            results.append(InventoryPushResult(entryID: entry.id, outcome: .applied(sequence: sequence)))
        }
        try await storage.commit(batch)
        return results
    }

    /// A household's entries appended after `cursor`.
    public func changes(of household: HouseholdID, after cursor: Int64?, limit: Int) async throws -> InventoryChangeBatch {
        let query = RecordQuery(
            filter: .and([.equals("household", .string(household.rawValue)), .greaterThan("sequence", .int(cursor ?? 0))]),
            sort: [.ascending("sequence")], limit: max(1, min(limit, RecordQuery.maximumLimit)))
        let page = try await storage.domainMetadata.query(Entry.self, query)
        return InventoryChangeBatch(
            entries: page.records.map(\.entry), cursor: page.records.last?.sequence ?? cursor, hasMore: page.nextCursor != nil)
    }

    private func lastSequence() async throws -> Int64 {
        let page = try await storage.domainMetadata.query(RecordQuery(sort: [.descending("sequence")], limit: 1), in: Self.journal)
        guard case .int(let sequence)? = page.records.first?[field: "sequence"] else { return 0 }
        return sequence
    }

    private struct Entry: StorableRecord {
        static let collection = StorageInventoryRemote.journal
        var entry: InventoryJournalEntry
        var sequence: Int64
        var recordID: RecordID { RecordID(entry.id) }
        var indexedFields: [String: FieldValue] {
            ["sequence": .int(sequence), "household": .string(entry.householdID.rawValue)]
        }
    }
}
