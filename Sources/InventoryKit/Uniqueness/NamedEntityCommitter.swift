import Foundation

/// Where a ``NamedEntityRepository`` commits its writes of named entities.
///
/// Without one, the repository applies its writes to its ``NamedEntityRepository/store``. A sync layer gives
/// one that records every changed entity in its outbox in the same atomic commit, so a category created offline
/// reaches the other devices (`InventorySync`'s `NamedEntitySync`).
///
/// Obligations:
/// - `writes` are committed atomically, together with whatever the committer adds, to the repository's store;
///   nothing is written when one precondition fails.
/// - A failed precondition of `writes` is thrown as ``StorageError/preconditionFailed(collection:id:expected:actualRevision:)``
///   unchanged: the repository reads that as a lost race and tries again on fresh records.
package protocol NamedEntityCommitter: Sendable {
    /// Commits `writes`, which save the new states `entities`, in one atomic commit.
    ///
    /// - Throws: ``StorageError`` from the store.
    func commit(_ writes: [RecordWrite], changing entities: [NamedEntity]) async throws
}

extension NamedEntityRepository {
    /// Saves the new states of `entities`, each under its precondition, through the ``committer`` (or straight to
    /// the ``store`` without one), in one atomic commit.
    func commit(_ entities: [(entity: NamedEntity, precondition: RecordPrecondition)]) async throws {
        let writes = try entities.map { try RecordWrite.save($0.entity, precondition: $0.precondition) }
        if let committer {
            try await committer.commit(writes, changing: entities.map(\.entity))
        } else {
            try await store.apply(writes)
        }
    }
}
