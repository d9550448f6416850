import Foundation
import InventoryKit

extension OutboxSyncEngine {
    /// The quarantined operations, oldest first, with their age and the error that stopped them. They stay until
    /// requeued or discarded: the engine never drops one silently.
    ///
    /// - Throws: a storage error.
    package func quarantined() async throws -> [QuarantinedOperation<Adapter.Payload>] {
        let now = clock.now()
        return try await adapter.quarantinedEntries().map {
            QuarantinedOperation(entry: $0, age: max(0, now.timeIntervalSince($0.enqueuedAt)), lastError: $0.lastError ?? "")
        }
    }

    /// Gives quarantined operations a fresh set of attempts (after the cause was fixed): all of them, or those
    /// with the given operation ids, and schedules a pass as a local write does. Waits for a running pass.
    ///
    /// - Returns: the operations requeued.
    /// - Throws: a storage error.
    @discardableResult
    package func requeue(_ operationIDs: Set<UUID>? = nil) async throws -> [SyncOperationReference<Adapter.EntityID>] {
        try await serialized { engine in try await engine.requeueNow(operationIDs) }
    }

    /// Removes quarantined operations for good, for a reason the module records and the event stream carries.
    /// Operations that are not quarantined (unknown, acknowledged, or waiting for a retry) are left alone.
    /// Waits for a running pass.
    ///
    /// - Returns: the operations discarded.
    /// - Throws: a storage error.
    @discardableResult
    package func discard(_ operationIDs: Set<UUID>, reason: String) async throws -> [SyncOperationReference<Adapter.EntityID>] {
        try await serialized { engine in try await engine.discardNow(operationIDs, reason: reason) }
    }

    private func requeueNow(_ operationIDs: Set<UUID>?) async throws -> [SyncOperationReference<Adapter.EntityID>] {
        let requeued: [OutboxEntry<Adapter.Payload>] = try await gate.run {
            let chosen = try await adapter.quarantinedEntries().filter { operationIDs?.contains($0.operationID) ?? true }
            let fresh = chosen.map { entry in
                var entry = entry
                entry.isQuarantined = false
                entry.attempts = 0
                entry.nextAttemptAt = nil
                return entry
            }
            if !fresh.isEmpty { try await adapter.requeue(fresh) }
            return fresh
        }
        let references = requeued.map(reference(to:))
        if !references.isEmpty {
            await hub.emit(.requeued(references))
            await localWriteCommitted()
        }
        return references
    }

    private func discardNow(_ operationIDs: Set<UUID>, reason: String) async throws -> [SyncOperationReference<Adapter.EntityID>] {
        let discarded: [OutboxEntry<Adapter.Payload>] = try await gate.run {
            let chosen = try await adapter.quarantinedEntries().filter { operationIDs.contains($0.operationID) }
            if !chosen.isEmpty { try await adapter.discard(chosen, reason: reason) }
            return chosen
        }
        let references = discarded.map(reference(to:))
        await hub.emit(references.map { .discarded($0, reason: reason) })
        return references
    }
}
