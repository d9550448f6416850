import Foundation
import InventoryKit

/// The remote side of named-entity sync: where ``NamedEntitySync`` pushes local changes and pulls everyone else's.
///
/// A conforming remote keeps one record per id and joins every pushed state into it with
/// `NamedEntity.reconciled(with:)` (so order and repetition do not matter), and keeps at most one live record per
/// kind and semantic key: a pushed live record whose key another live record holds is answered with that record
/// as a conflict. `InMemoryNamedEntityRemote` is the reference; the sync server of `Server/` and its HTTP gateway
/// (`HTTPNamedEntityGateway` in the Examples) follow the same rules.
public protocol NamedEntityRemoteGateway: Sendable {
    /// Pushes named-entity states in order; answers each by its operation id.
    ///
    /// - ``OutboxPushOutcome/applied``: the state was joined into the remote record (or the remote already held it,
    ///   or the operation id was seen before).
    /// - ``OutboxPushOutcome/conflict(_:)``: another live record of the kind holds the key; that record is answered.
    /// - ``OutboxPushOutcome/rejected(_:)``: the remote refuses the state for good.
    ///
    /// An operation left out of the answer is retried later.
    ///
    /// - Throws: ``RemoteSyncError`` when the whole call failed (it may have been applied: replays are idempotent).
    func push(_ entries: [NamedEntityOutboxEntry]) async throws -> [UUID: OutboxPushOutcome<NamedEntity>]

    /// The records changed after `cursor` (`nil`: from the start), each in its latest state, up to `limit`.
    ///
    /// - Throws: ``RemoteSyncError``.
    func changes(after cursor: Int64?, limit: Int) async throws -> OutboxChangePage<NamedEntity>
}
