import Foundation
import InventoryKit

extension OutboxSyncEngine {
    /// Pulls one scope page by page from its stored cursor. A failed call ends this scope's pull: it is reported
    /// (event and ``SyncReport/pullFailures``) and the pass goes on with the next scope. A pull that adopted
    /// a page ends with the adapter's `OutboxSyncAdapter.pullEnded(_:)`, even when a local write fails it.
    func pull(
        _ scope: Adapter.Scope, report: inout Report, acknowledged: [Adapter.EntityID: Adapter.Payload]
    ) async throws {
        var cursor = try await adapter.pullCursor(of: scope)
        var applied = 0
        var adopting = false
        // A loaded snapshot replaces the scope's local changes: those this pass pushed come back with the feed.
        var acknowledged = acknowledged
        defer { report.pulled += applied }
        if cursor == nil {
            switch try await loadSnapshot(of: scope, from: nil, atLeast: nil, required: false, report: &report) {
            case .loaded(let loaded):
                cursor = loaded.cursor
                applied += loaded.count
                acknowledged = [:]
            case .unavailable: break
            case .failed: return
            }
        }
        var calls = 0
        pages: while calls < configuration.limits.maxPullPages {
            let batch = await fetchBatch(of: scope, after: cursor, calls: &calls)
            if let page = batch.page {
                adopting = true
                do {
                    applied += try await gate.run { try await adapter.adopt(page, of: scope, acknowledged: acknowledged) }
                } catch let required as OutboxSnapshotRequired {
                    // The pages reach before the snapshot this device started from: a newer snapshot holds them.
                    switch try await loadSnapshot(of: scope, from: cursor, atLeast: required.atLeast, required: true, report: &report) {
                    case .loaded(let loaded):
                        cursor = loaded.cursor
                        applied += loaded.count
                        acknowledged = [:]
                        continue pages
                    case .unavailable: await reportPullFailure(.transient(required.reason), of: scope, in: &report)
                    case .failed: break
                    }
                    break
                } catch {
                    // The pages adopted before the local failure stay adopted: their follow-up work still runs.
                    await gate.run { await adapter.pullEnded(scope) }
                    throw error
                }
                cursor = page.cursor ?? cursor
            }
            guard let error = batch.error else {
                guard batch.page?.hasMore == true else { break }
                continue
            }
            let failure = RemoteSyncError.classify(error)
            guard case .resyncRequired = failure else {
                await reportPullFailure(failure, of: scope, in: &report)
                break
            }
            adopting = true
            switch try await loadSnapshot(of: scope, from: cursor, atLeast: nil, required: true, report: &report) {
            case .loaded(let loaded):
                cursor = loaded.cursor
                applied += loaded.count
                acknowledged = [:]
                continue pages
            case .unavailable: applied += try await resync(scope, report: &report, acknowledged: acknowledged)
            case .failed: break
            }
            break
        }
        if adopting { await gate.run { await adapter.pullEnded(scope) } }
        if applied > 0 { await hub.emit(.pulled(scope: scope, count: applied)) }
    }

    /// The changes of the next pages after `cursor` as one page, fetched until they hold
    /// ``OutboxSyncLimits/pullCommitSize`` changes or the feed ends, and the error that stopped the fetching, if one
    /// did. The page is `nil` when no call went through. One local commit then takes several remote calls' changes:
    /// a store pays per commit for every index page the changes touch, so fewer, larger commits cost less per change.
    private func fetchBatch(
        of scope: Adapter.Scope, after cursor: Int64?, calls: inout Int
    ) async -> (page: OutboxChangePage<Adapter.Change>?, error: (any Error)?) {
        let limits = configuration.limits
        var batch: OutboxChangePage<Adapter.Change>?
        while calls < limits.maxPullPages {
            calls += 1
            let from = batch?.cursor ?? cursor
            let page: OutboxChangePage<Adapter.Change>
            do {
                page = try await adapter.changes(of: scope, after: from, limit: limits.pullPageSize)
            } catch {
                return (batch, error)
            }
            var merged = batch ?? OutboxChangePage(changes: [], cursor: nil, hasMore: false)
            merged.changes += page.changes
            merged.cursor = page.cursor ?? merged.cursor
            // A page that does not move the cursor ends the pull, as the feed would only repeat it.
            merged.hasMore = page.hasMore && page.cursor != nil && page.cursor != from
            batch = merged
            guard merged.hasMore, merged.changes.count < limits.pullCommitSize else { break }
        }
        return (batch, nil)
    }

    /// What ``loadSnapshot(of:from:atLeast:required:report:)`` did.
    private enum SnapshotOutcome {
        /// A snapshot was loaded: pull on from its cursor.
        case loaded(OutboxBootstrap.Loaded)
        /// No snapshot to load (none served, or the scope is not in a state to take one): pull as usual.
        case unavailable
        /// The remote failed; reported.
        case failed
    }

    /// Asks the adapter for a snapshot of the scope (outside the gate) and loads it (inside). A remote failure is
    /// reported as the scope's pull failure; a local one is thrown.
    private func loadSnapshot(
        of scope: Adapter.Scope, from cursor: Int64?, atLeast: Int64?, required: Bool, report: inout Report
    ) async throws -> SnapshotOutcome {
        let bootstrap: OutboxBootstrap?
        do {
            bootstrap = try await adapter.bootstrap(scope, from: cursor, atLeast: atLeast, required: required)
        } catch let error as StorageError {
            throw error
        } catch {
            await reportPullFailure(RemoteSyncError.classify(error), of: scope, in: &report)
            return .failed
        }
        guard let bootstrap, let loaded = try await gate.run({ try await bootstrap.load() }) else { return .unavailable }
        return .loaded(loaded)
    }

    /// Pulls the scope's whole feed from the beginning and hands it to the adapter's
    /// `OutboxSyncAdapter.reconcile(_:with:acknowledged:)` in one commit. Nothing is reconciled unless the feed
    /// was read to its end: a partial snapshot would make records look deleted.
    func resync(
        _ scope: Adapter.Scope, report: inout Report, acknowledged: [Adapter.EntityID: Adapter.Payload]
    ) async throws -> Int {
        var snapshot: [Adapter.Change] = []
        var cursor: Int64?
        for _ in 0..<configuration.limits.maxPullPages {
            let page: OutboxChangePage<Adapter.Change>
            do {
                page = try await adapter.changes(of: scope, after: cursor, limit: configuration.limits.pullPageSize)
            } catch {
                await reportPullFailure(RemoteSyncError.classify(error), of: scope, in: &report)
                return 0
            }
            snapshot += page.changes
            let next = page.cursor ?? cursor
            guard page.hasMore else {
                let complete = OutboxChangePage(changes: snapshot, cursor: next, hasMore: false)
                return try await gate.run { try await adapter.reconcile(scope, with: complete, acknowledged: acknowledged) }
            }
            guard next != cursor else { break }
            cursor = next
        }
        let failure = RemoteSyncError.transient("the resync of \(scope) did not reach the end of the feed")
        await reportPullFailure(failure, of: scope, in: &report)
        return 0
    }

    /// Records a failed pull of a scope in the report (an `unauthorized` or `misconfigured` one stops the pass) and
    /// emits it.
    private func reportPullFailure(_ failure: RemoteSyncError, of scope: Adapter.Scope, in report: inout Report) async {
        report.pullFailures[scope] = failure
        if failure.stopsWithoutCharge { report.stoppedBy = failure }
        await hub.emit(.pullFailed(scope: scope, error: failure))
    }
}
