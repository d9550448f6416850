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
        defer { report.pulled += applied }
        for _ in 0..<configuration.limits.maxPullPages {
            let page: OutboxChangePage<Adapter.Change>
            do {
                page = try await adapter.changes(of: scope, after: cursor, limit: configuration.limits.pullPageSize)
            } catch {
                let failure = RemoteSyncError.classify(error)
                if case .resyncRequired = failure {
                    adopting = true
                    applied += try await resync(scope, report: &report, acknowledged: acknowledged)
                    break
                }
                await reportPullFailure(failure, of: scope, in: &report)
                break
            }
            adopting = true
            do {
                applied += try await gate.run { try await adapter.adopt(page, of: scope, acknowledged: acknowledged) }
            } catch {
                // The pages adopted before the local failure stay adopted: their follow-up work still runs.
                await gate.run { await adapter.pullEnded(scope) }
                throw error
            }
            guard page.hasMore, let next = page.cursor, next != cursor else { break }
            cursor = next
        }
        if adopting { await gate.run { await adapter.pullEnded(scope) } }
        if applied > 0 { await hub.emit(.pulled(scope: scope, count: applied)) }
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

    /// Records a failed pull of a scope in the report (an `unauthorized` one stops the pass) and emits it.
    private func reportPullFailure(_ failure: RemoteSyncError, of scope: Adapter.Scope, in report: inout Report) async {
        report.pullFailures[scope] = failure
        if case .unauthorized = failure { report.stoppedBy = failure }
        await hub.emit(.pullFailed(scope: scope, error: failure))
    }
}
