import Foundation
import InventoryKit

/// An outbox's sequence high-water mark, kept in a `StorageProvider`'s user metadata store: the highest sequence
/// ever committed, which stays when acknowledged entries leave the outbox, so an `OutboxSequencer` never hands
/// out a number twice, also across a restart.
///
/// The store adapters of both modules commit through ``commit(_:raisingTo:)``: the batch carries the raised mark,
/// under a revision precondition on the mark as read; when a concurrent commit raised it first, the batch is
/// built again with the mark read again.
package struct OutboxSequenceMark<Payload: OutboxPayload>: Sendable {
    /// The provider the outbox lives in.
    package let storage: any StorageProvider
    /// The collection of the mark.
    package let collection: RecordCollection
    /// The mark's key.
    package let id: RecordID

    /// How often a commit tries when concurrent commits keep raising the mark first.
    package static var attempts: Int { 64 }

    /// Creates the mark of `Payload`'s outbox.
    package init(storage: any StorageProvider, collection: RecordCollection, id: RecordID) {
        self.storage = storage
        self.collection = collection
        self.id = id
    }

    /// The highest sequence ever committed, or 0: the stored mark, or the highest sequence in the outbox when that
    /// is higher (a store written before the mark existed).
    package func lastSequence() async throws -> Int64 {
        let stored = try await storage.userMetadata.record(id, in: collection)
        return max(try stored.map(decode) ?? 0, try await highestInOutbox())
    }

    /// Commits `batch` with the mark raised to `sequence` when the batch touches the outbox.
    package func commit(_ batch: StorageBatch, raisingTo sequence: Int64) async throws {
        for attempt in 1... {
            var marked = batch
            if let write = try await write(raisingTo: sequence) { marked.user.append(write) }
            do {
                try await storage.commit(marked)
                return
            } catch StorageError.preconditionFailed(let failed, _, _, _) where failed == collection && attempt < Self.attempts {
                continue
            }
        }
    }

    /// The write that raises the mark to `sequence` under a precondition on the mark as read now; `nil` when it is
    /// that high already. Without a stored mark the highest sequence in the outbox counts too, so acknowledging the
    /// entries of an older store does not lose it.
    private func write(raisingTo sequence: Int64) async throws -> RecordWrite? {
        let stored = try await storage.userMetadata.record(id, in: collection)
        let current = try stored.map(decode)
        let target = current == nil ? max(sequence, try await highestInOutbox()) : sequence
        guard target > current ?? 0 else { return nil }
        let payload = try RecordCoding.encode(Stored(sequence: target))
        return .put(
            StoredRecord(id: id, payload: payload, fields: [:]), in: collection,
            precondition: stored.map { .revision($0.revision) } ?? .absent)
    }

    /// The highest sequence among the entries in the outbox, or 0.
    private func highestInOutbox() async throws -> Int64 {
        let page = try await storage.userMetadata.query(
            RecordQuery(sort: [.descending("sequence")], limit: 1), in: Payload.outboxCollection)
        guard case .int(let sequence)? = page.records.first?[field: "sequence"] else { return 0 }
        return sequence
    }

    private func decode(_ record: StoredRecord) throws -> Int64 {
        do {
            return try RecordCoding.decode(Stored.self, from: record.payload).sequence
        } catch {
            throw StorageError.corruptRecord(collection: collection, id: record.id, reason: RecordCoding.describe(error))
        }
    }

    /// The stored form.
    private struct Stored: Codable {
        var sequence: Int64
    }
}
