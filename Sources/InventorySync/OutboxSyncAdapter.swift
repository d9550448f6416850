import Foundation
import InventoryKit

/// What a module gives the `OutboxSyncEngine`: its outbox, its remote, and the local steps that only it knows
/// how to write (acknowledging a product also changes its sync record; a pulled journal entry is projected).
///
/// The engine owns everything else — scheduling, push rounds, per-operation results, retries with backoff and
/// jitter, quarantine, isolating a rejected operation from its batch, pull pages per scope, events, reports.
///
/// Implementer obligations:
/// - Each write (``settle(_:)``, ``adopt(_:of:acknowledged:)``, ``requeue(_:)``, ``discard(_:reason:)``) is one
///   atomic local commit. The engine calls them one at a time, inside the service's `SerialGate`, so they never
///   interleave with a command of the same service.
/// - ``adopt(_:of:acknowledged:)`` writes the page's changes and the scope's new cursor in the same commit, so a
///   change is never applied twice or skipped across a crash.
/// - ``push(_:)`` throws ``RemoteSyncError`` when the whole call failed (it may have been applied: replays are
///   idempotent by operation id), and otherwise answers each operation it got by id; an operation left out is
///   retried as a transient failure.
package protocol OutboxSyncAdapter: Sendable {
    /// The outbox payload.
    associatedtype Payload: OutboxPayload
    /// What the remote answers about its own state when an operation conflicts with it.
    associatedtype Conflict: Sendable
    /// A remote change as the pull receives it.
    associatedtype Change: Sendable
    /// What a pull covers: one feed for the product catalog, one journal per household.
    associatedtype Scope: Hashable & Sendable
    /// The typed id of what an operation changes.
    associatedtype EntityID: Hashable & Sendable

    /// The entity an outbox entry changes.
    func entityID(of entry: OutboxEntry<Payload>) -> EntityID

    // MARK: - Outbox reads

    /// The entries due at `now` (not quarantined, no retry after `now`), in enqueue order, up to `limit`.
    ///
    /// An ``SyncTrigger/explicit`` pass asks with `Date.distantFuture`: then every entry that is not quarantined.
    func dueEntries(at now: Date, limit: Int) async throws -> [OutboxEntry<Payload>]

    /// The entries of `scopes` due at `now`, in enqueue order, up to `limit`: what a pass scoped to some scopes
    /// pushes (`OutboxSyncEngine.sync(scopes:scopingPushes:trigger:)`). The default, for an outbox not divided by scope,
    /// is ``dueEntries(at:limit:)``.
    func dueEntries(at now: Date, limit: Int, in scopes: Set<Scope>) async throws -> [OutboxEntry<Payload>]

    /// The entries that are not quarantined, in enqueue order, up to `limit`.
    func pendingEntries(limit: Int) async throws -> [OutboxEntry<Payload>]

    /// The quarantined entries, in enqueue order.
    func quarantinedEntries() async throws -> [OutboxEntry<Payload>]

    /// The number of outbox entries, quarantined ones included.
    func outboxCount() async throws -> Int

    /// The position of `scope` in the remote feed, or `nil` before its first pull.
    func pullCursor(of scope: Scope) async throws -> Int64?

    // MARK: - Remote

    /// Pushes entries; answers each by operation id.
    ///
    /// - Throws: ``RemoteSyncError`` (anything else counts as transient) when the whole call failed.
    func push(_ entries: [OutboxEntry<Payload>]) async throws -> [UUID: OutboxPushOutcome<Conflict>]

    /// One page of `scope`'s remote changes after `cursor`.
    ///
    /// - Throws: ``RemoteSyncError`` (anything else counts as transient).
    func changes(of scope: Scope, after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<Change>

    // MARK: - Local writes (one atomic commit each)

    /// Commits one push round: acknowledged entries leave the outbox, failures are stored, conflicts are resolved
    /// by the module's policy.
    func settle(_ round: OutboxRound<Payload, Conflict>) async throws -> OutboxSettlement<EntityID>

    /// Applies a pulled page and stores the scope's new cursor; returns how many changes were applied.
    /// `acknowledged` holds the payloads this pass pushed, by entity: a change that is one of them need not be
    /// applied again.
    func adopt(
        _ page: OutboxChangePage<Change>, of scope: Scope, acknowledged: [EntityID: Payload]
    ) async throws -> Int

    /// Reconciles a scope with the remote's complete feed, pulled from the beginning because the remote answered
    /// ``RemoteSyncError/resyncRequired(_:)``: adopts `snapshot` like a page and, where the feed may have dropped
    /// deletions (compaction), removes local records the remote no longer holds unless they have pending changes.
    /// One atomic local commit, which also stores `snapshot.cursor`. Returns how many records changed.
    ///
    /// The default adopts the snapshot as a page, which is exact for append-only feeds such as a journal.
    func reconcile(
        _ scope: Scope, with snapshot: OutboxChangePage<Change>, acknowledged: [EntityID: Payload]
    ) async throws -> Int

    /// Called once a scope's pull has ended — after its last page, a page cap, a failed page call or a failed
    /// ``adopt(_:of:acknowledged:)`` — when it passed at least one page to ``adopt(_:of:acknowledged:)``, inside
    /// the gate: the place for follow-up work a pull should do once rather than once per page (the inventory
    /// starts its background checkpoint here). It must not fail the pass.
    ///
    /// Default: nothing.
    func pullEnded(_ scope: Scope) async

    /// A snapshot of `scope` to load in place of pulling its feed, or `nil` to pull as usual. Called outside the
    /// gate (it may fetch from the remote and decode): when the scope was never pulled (`cursor == nil`,
    /// `required == false`), and when the feed cannot be followed from `cursor` any more (`required == true`:
    /// the remote answered `resyncRequired`, or ``adopt(_:of:acknowledged:)`` threw ``OutboxSnapshotRequired``,
    /// whose `atLeast` is passed on).
    ///
    /// Default: `nil` (no snapshots).
    func bootstrap(_ scope: Scope, from cursor: Int64?, atLeast: Int64?, required: Bool) async throws -> OutboxBootstrap?

    /// Stores requeued entries (no longer quarantined, attempts reset).
    func requeue(_ entries: [OutboxEntry<Payload>]) async throws

    /// Removes quarantined entries for good; the module records the reason where it keeps sync state.
    func discard(_ entries: [OutboxEntry<Payload>], reason: String) async throws
}

// MARK: - Default implementations

extension OutboxSyncAdapter {
    /// Every due entry: the outbox is not divided by scope.
    package func dueEntries(at now: Date, limit: Int, in scopes: Set<Scope>) async throws -> [OutboxEntry<Payload>] {
        try await dueEntries(at: now, limit: limit)
    }

    /// Does nothing.
    package func pullEnded(_ scope: Scope) async {}

    /// No snapshots.
    package func bootstrap(_ scope: Scope, from cursor: Int64?, atLeast: Int64?, required: Bool) async throws -> OutboxBootstrap? {
        nil
    }

    /// Adopts the snapshot as one page: exact when the remote never drops changes (an append-only journal).
    package func reconcile(
        _ scope: Scope, with snapshot: OutboxChangePage<Change>, acknowledged: [EntityID: Payload]
    ) async throws -> Int {
        try await adopt(snapshot, of: scope, acknowledged: acknowledged)
    }
}
