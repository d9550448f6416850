import Foundation

/// Brings named entities created before semantic keys existed under semantic uniqueness, in two stages, so that
/// no device enforces uniqueness before every device's records have keys.
///
/// - **Populating keys** (``populateKeys()``) gives every record without a key its key (``NamedEntityKind/key(for:)`` of
///   its display name) and reports the groups of live records that now share a key. It merges nothing and moves
///   no reference: records keep their ids, names and references, so it is safe to run while other devices still
///   run an older version. Run it at upgrade, and again whenever old records arrive by sync.
/// - **Merging duplicates** (``mergeDuplicates(rewriter:)``) checks that every record has its key, merges each reported group with
///   the deterministic `SemanticMergeRule` and moves references through the caller's ``ReferenceRewriter``.
///   From then on the repository keeps one record per key: get-or-create returns it, and a second record is
///   refused with ``SemanticUniquenessError/duplicateKey(kind:key:existing:)``.
///
/// Both stages are idempotent: running one again finds nothing to do.
///
/// ```swift
/// let migration = SemanticKeyMigration(repository: categories)
/// let keyed = try await migration.populateKeys()
/// showConflicts(keyed.conflicts)                          // nothing changed yet
/// let merged = try await migration.mergeDuplicates(rewriter: productCategoryRewriter)
/// ```
public struct SemanticKeyMigration: Sendable {
    /// The repository of the kind to migrate.
    public let repository: NamedEntityRepository

    /// Creates the migration of one kind.
    public init(repository: NamedEntityRepository) {
        self.repository = repository
    }

    /// The first stage: populates missing keys and reports conflicts without resolving them.
    ///
    /// Each record is updated alone, with a compare-and-swap precondition; a record changed concurrently is read
    /// again and skipped when it got its key meanwhile. Records whose display name has an empty key are left
    /// alone and reported in ``KeyPopulationReport/unkeyable``.
    ///
    /// - Returns: the ids given a key, the ids that cannot have one, and the conflicts.
    /// - Throws: ``SemanticUniquenessError/contention(kind:id:attempts:)`` when a record kept changing;
    ///   ``StorageError`` from the store.
    public func populateKeys() async throws -> KeyPopulationReport {
        var populated: [UUID] = []
        var unkeyable: [UUID] = []
        for record in try await repository.allVersioned() where record.entity.semanticKey == nil {
            switch try await populateKey(of: record) {
            case .populated: populated.append(record.entity.id)
            case .unkeyable: unkeyable.append(record.entity.id)
            case .alreadyKeyed: break
            }
        }
        return KeyPopulationReport(
            kind: repository.kind.name, populated: populated.sorted { RecordID($0) < RecordID($1) },
            unkeyable: unkeyable.sorted { RecordID($0) < RecordID($1) }, conflicts: try await repository.conflicts())
    }

    /// The second stage: merges every conflict deterministically and moves references, after checking that the first left
    /// no record without a key.
    ///
    /// - Parameter rewriter: moves the app's references from retired records to the winners; `nil` to move none.
    /// - Returns: the merge report of ``NamedEntityRepository/resolveDuplicates(rewriter:)``.
    /// - Throws: ``SemanticUniquenessError/keysMissing(kind:ids:)`` when a record that can have a key has none
    ///   (nothing is merged then); the errors of ``NamedEntityRepository/resolveDuplicates(rewriter:)``.
    public func mergeDuplicates(rewriter: (any ReferenceRewriter)? = nil) async throws -> SemanticMergeReport {
        let missing = try await repository.allEntities(includingRetired: true)
            .filter { $0.semanticKey == nil && !repository.kind.key(for: $0.displayName).isEmpty }
            .map(\.id)
        guard missing.isEmpty else {
            throw SemanticUniquenessError.keysMissing(kind: repository.kind.name, ids: missing)
        }
        return try await repository.resolveDuplicates(rewriter: rewriter)
    }

    // MARK: - Helpers

    private enum Population {
        case populated, unkeyable, alreadyKeyed
    }

    private func populateKey(of record: NamedEntityRepository.VersionedEntity) async throws -> Population {
        var current = record
        for _ in 0..<repository.maximumAttempts {
            guard current.entity.semanticKey == nil else { return .alreadyKeyed }
            let key = repository.kind.key(for: current.entity.displayName)
            guard !key.isEmpty else { return .unkeyable }
            var keyed = current.entity
            keyed.semanticKey = key
            keyed.updatedAt = max(keyed.updatedAt, repository.clock.now())
            do {
                try await repository.commit([(keyed, .revision(current.revision))])
                return .populated
            } catch where NamedEntityRepository.isLostRace(error) {
                guard let reloaded = try await repository.versioned(current.entity.id) else { return .alreadyKeyed }
                current = reloaded
            }
        }
        throw SemanticUniquenessError.contention(
            kind: repository.kind.name, id: record.entity.id, attempts: repository.maximumAttempts)
    }
}
