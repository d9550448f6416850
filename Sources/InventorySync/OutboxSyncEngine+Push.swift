import Foundation
import InventoryKit

extension OutboxSyncEngine {
    /// Pushes the entries `selection` picks in rounds until none is left, a call fails as a whole, or the remote
    /// refuses the device or is not the sync service (``RemoteSyncError/stopsWithoutCharge``).
    ///
    /// `acknowledged` collects the payload of every operation the remote applied, by entity: the pull that
    /// follows need not look at those states again. With scopes in `selection`, only the entries of those scopes
    /// are pushed. An ``SyncTrigger/explicit`` pass takes every entry that is not quarantined as due, and pushes
    /// each at most once: an entry it already sent in this pass (failed again, or met a conflict) waits for the
    /// next pass.
    func pushRounds(
        report: inout Report, acknowledged: inout [Adapter.EntityID: Adapter.Payload], selection: PushSelection
    ) async throws {
        let limits = configuration.limits
        var sent: Set<UUID> = []
        for _ in 0..<limits.maxPushRounds {
            let due = try await nextRound(selection, skipping: sent)
            guard !due.isEmpty else { return }
            let exchange = await pushIsolating(due)
            let round = self.round(for: due, exchange: exchange)
            if !round.isEmpty {
                let settlement = try await gate.run { try await adapter.settle(round) }
                await publish(round, settlement: settlement, report: &report)
                for entry in round.acknowledged { acknowledged[adapter.entityID(of: entry)] = entry.payload }
            }
            if let stop = exchange.stop {
                report.stoppedBy = stop
                return
            }
            if selection.trigger == .explicit {
                let applied = Set(round.acknowledged.map(\.operationID))
                sent.formUnion(due.lazy.map(\.operationID).filter { !applied.contains($0) })
            }
        }
    }

    /// The entries of the next push round, up to ``OutboxSyncLimits/pushCommitSize``: those due now, or (``SyncTrigger/explicit``) every one
    /// that is not quarantined, less those already `sent` in this pass.
    private func nextRound(_ selection: PushSelection, skipping sent: Set<UUID>) async throws -> [OutboxEntry<Adapter.Payload>] {
        let batch = configuration.limits.pushCommitSize
        // Nothing waits past the distant future: every entry that is not quarantined is due then.
        let (cutoff, limit) =
            switch selection.trigger {
            case .automatic: (clock.now(), batch)
            case .explicit: (Date.distantFuture, min(batch + sent.count, RecordQuery.maximumLimit))
            }
        let entries =
            if let scopes = selection.scopes {
                try await adapter.dueEntries(at: cutoff, limit: limit, in: scopes)
            } else {
                try await adapter.dueEntries(at: cutoff, limit: limit)
            }
        guard !sent.isEmpty else { return entries }
        return Array(entries.lazy.filter { !sent.contains($0.operationID) }.prefix(batch))
    }

    /// What the remote said about each entry of a round.
    struct PushExchange {
        /// Answers by operation id, from calls that went through (and rejections isolated by splitting).
        var outcomes: [UUID: OutboxPushOutcome<Adapter.Conflict>] = [:]
        /// Operations sent in a call that went through but left unanswered.
        var answeredCalls: Set<UUID> = []
        /// Operations whose call failed with a retryable error.
        var failedCalls: [UUID: RemoteSyncError] = [:]
        /// The error that ends the pass: a failed call, or an unauthorized device.
        var stop: RemoteSyncError?
    }

    /// Pushes `due` in calls of ``OutboxSyncLimits/pushBatchSize``, in order, until one fails; when a call fails
    /// permanently as a whole, splits the batch and pushes the halves, so only the operation(s) at fault are rejected
    /// and the rest still sync.
    func pushIsolating(_ due: [OutboxEntry<Adapter.Payload>]) async -> PushExchange {
        var exchange = PushExchange()
        let size = configuration.limits.pushBatchSize
        var batches = stride(from: due.startIndex, to: due.endIndex, by: size).map { due[$0..<min($0 + size, due.endIndex)] }
        while exchange.stop == nil, !batches.isEmpty {
            let batch = batches.removeFirst()
            do {
                let answers = try await adapter.push(Array(batch))
                for entry in batch {
                    exchange.answeredCalls.insert(entry.operationID)
                    if let outcome = answers[entry.operationID] { exchange.outcomes[entry.operationID] = outcome }
                }
            } catch {
                switch RemoteSyncError.classify(error) {
                case .permanent(let reason) where batch.count == 1:
                    if let entry = batch.first { exchange.outcomes[entry.operationID] = .rejected(reason) }
                case .permanent:
                    let middle = batch.startIndex + batch.count / 2
                    batches.insert(contentsOf: [batch[..<middle], batch[middle...]], at: 0)
                case let failure where failure.stopsWithoutCharge:
                    exchange.stop = failure
                case let failure:
                    for entry in batch { exchange.failedCalls[entry.operationID] = failure }
                    exchange.stop = failure
                }
            }
        }
        return exchange
    }

    /// The round to commit: acknowledgements, conflicts and failures, in `due` order. Entries never sent (the
    /// pass stopped first) are left as they are.
    func round(
        for due: [OutboxEntry<Adapter.Payload>], exchange: PushExchange
    ) -> OutboxRound<Adapter.Payload, Adapter.Conflict> {
        let now = clock.now()
        var round = OutboxRound<Adapter.Payload, Adapter.Conflict>(now: now)
        for entry in due {
            let error: RemoteSyncError
            switch exchange.outcomes[entry.operationID] {
            case .applied?:
                round.acknowledged.append(entry)
                continue
            case .conflict(let current)?:
                round.conflicts.append((entry, current))
                continue
            case .rejected(let reason)?:
                error = .permanent(reason)
            case nil:
                if let failure = exchange.failedCalls[entry.operationID] {
                    error = failure
                } else if exchange.answeredCalls.contains(entry.operationID) {
                    error = .transient("no answer for the operation")
                } else {
                    continue
                }
            }
            let (updated, status) = entry.failed(with: error, at: now, policy: configuration.retryPolicy, random: random)
            round.failures.append(.init(entry: entry, updated: updated, error: error, status: status))
        }
        return round
    }

    /// Emits the events of a committed round and counts it in the report.
    func publish(
        _ round: OutboxRound<Adapter.Payload, Adapter.Conflict>, settlement: OutboxSettlement<Adapter.EntityID>,
        report: inout Report
    ) async {
        var events: [Event] = []
        let pushed = round.acknowledged.map(reference(to:))
        report.pushed += pushed.count
        if !pushed.isEmpty { events.append(.pushed(pushed)) }
        report.conflicts += settlement.conflicts.count
        for conflict in settlement.conflicts {
            for decision in conflict.decisions { report.decidedFields[decision.kind, default: 0] += 1 }
        }
        events += settlement.conflicts.map { .conflictResolved($0) }
        for failure in round.failures where !settlement.supersededFailures.contains(failure.entry.operationID) {
            let note = SyncFailure(
                operation: reference(to: failure.entry), error: failure.error, attempts: failure.updated.attempts,
                nextRetryAt: failure.updated.nextAttemptAt)
            if failure.updated.isQuarantined {
                report.quarantined += 1
                events.append(.quarantined(note))
            } else {
                report.failed += 1
                events.append(.failed(note))
            }
        }
        await hub.emit(events)
    }

    /// The typed reference to an entry's operation.
    nonisolated func reference(to entry: OutboxEntry<Adapter.Payload>) -> SyncOperationReference<Adapter.EntityID> {
        SyncOperationReference(operationID: entry.operationID, entityID: adapter.entityID(of: entry))
    }
}
