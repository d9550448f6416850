import Foundation

/// The one way to create named entities of a ``NamedEntityKind``: get-or-create by semantic key, over any
/// ``MetadataStore``.
///
/// Every creation looks up the key first (``NamedEntity/Field/semanticKey`` is an indexed field), then acts on the
/// kind's ``SemanticUniquenessPolicy``:
///
/// - ``SemanticUniquenessPolicy/unique``: returns the live record of the key (adding the new spelling to its
///   aliases), or creates it under the key's deterministic id with the ``RecordPrecondition/absent`` precondition.
///   When another task or device wins the race the write fails, and the repository returns the winner's record,
///   so concurrent get-or-create calls yield one record. A second record for a key is refused with
///   ``SemanticUniquenessError/duplicateKey(kind:key:existing:)``.
/// - ``SemanticUniquenessPolicy/detectAndAsk``: reports likely duplicates (same or near key) as
///   ``NamedEntityResult/duplicateFound(existing:)`` and creates a record, under a random id, only when asked
///   with `allowDuplicate: true` or when there is none.
/// - ``SemanticUniquenessPolicy/allowDuplicates``: creates a record under a random id every time.
///
/// ```swift
/// let categories = NamedEntityRepository(storage: provider, kind: .category)
/// let produce = try await categories.getOrCreate("Produce").entity      // created
/// let same = try await categories.getOrCreate("  PRODUCE ").entity      // existing, same id
/// ```
///
/// The repository is a value without state of its own: any number of copies, tasks and processes may use the
/// same store at once. Records that still share a key (created before keys existed, or by devices without the
/// kit) are merged with ``resolveDuplicates(rewriter:)``.
public struct NamedEntityRepository: Sendable {
    /// The store the records live in.
    public let store: any MetadataStore
    /// The kind of the records.
    public let kind: NamedEntityKind
    /// The source of creation and change dates.
    public let clock: InventoryClock
    /// What counts as a near key under ``SemanticUniquenessPolicy/detectAndAsk``.
    public let nearKeyMatcher: SemanticNearKeyMatcher
    /// How often a write that lost a race is retried before ``SemanticUniquenessError/contention(kind:id:attempts:)``.
    public let maximumAttempts: Int
    /// Where writes are committed: `nil` applies them to ``store``; a sync layer records each change in its outbox.
    package let committer: (any NamedEntityCommitter)?
    let makeID: @Sendable () -> UUID

    /// Creates a repository over a metadata store.
    ///
    /// - Parameters:
    ///   - store: where the records live.
    ///   - kind: the kind of the records, with its policy.
    ///   - clock: the source of dates. Default: the system clock.
    ///   - nearKeyMatcher: what counts as a near key. Default: plural/singular and edit distance 1.
    ///   - maximumAttempts: retries of a write that lost a race, at least 1. Default 32.
    ///   - makeID: the source of random ids for non-unique kinds. Default: `UUID()`.
    public init(
        store: any MetadataStore, kind: NamedEntityKind, clock: InventoryClock = .system,
        nearKeyMatcher: SemanticNearKeyMatcher = SemanticNearKeyMatcher(), maximumAttempts: Int = 32,
        makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(
            store: store, kind: kind, clock: clock, nearKeyMatcher: nearKeyMatcher, maximumAttempts: maximumAttempts,
            makeID: makeID, committer: nil)
    }

    /// Creates a repository over a metadata store whose writes go through `committer` (a sync layer's outbox),
    /// or straight to `store` when it is `nil`.
    package init(
        store: any MetadataStore, kind: NamedEntityKind, clock: InventoryClock = .system,
        nearKeyMatcher: SemanticNearKeyMatcher = SemanticNearKeyMatcher(), maximumAttempts: Int = 32,
        makeID: @escaping @Sendable () -> UUID = { UUID() }, committer: (any NamedEntityCommitter)?
    ) {
        self.store = store
        self.committer = committer
        self.kind = kind
        self.clock = clock
        self.nearKeyMatcher = nearKeyMatcher
        self.maximumAttempts = max(1, maximumAttempts)
        self.makeID = makeID
    }

    /// Creates a repository over the metadata store of one scope of a provider.
    ///
    /// - Parameters:
    ///   - storage: the provider.
    ///   - scope: the store to use. Default: ``StorageScope/domain`` (shared reference records).
    ///   - kind: the kind of the records, with its policy.
    ///   - clock: the source of dates. Default: the system clock.
    ///   - nearKeyMatcher: what counts as a near key.
    ///   - maximumAttempts: retries of a write that lost a race, at least 1. Default 32.
    ///   - makeID: the source of random ids for non-unique kinds. Default: `UUID()`.
    public init(
        storage: any StorageProvider, scope: StorageScope = .domain, kind: NamedEntityKind,
        clock: InventoryClock = .system, nearKeyMatcher: SemanticNearKeyMatcher = SemanticNearKeyMatcher(),
        maximumAttempts: Int = 32, makeID: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(
            store: storage.metadata(scope), kind: kind, clock: clock, nearKeyMatcher: nearKeyMatcher,
            maximumAttempts: maximumAttempts, makeID: makeID, committer: nil)
    }

    /// Creates a repository over the metadata store of one scope of a provider whose writes go through
    /// `committer` (a sync layer's outbox).
    package init(
        storage: any StorageProvider, scope: StorageScope = .domain, kind: NamedEntityKind,
        clock: InventoryClock = .system, nearKeyMatcher: SemanticNearKeyMatcher = SemanticNearKeyMatcher(),
        maximumAttempts: Int = 32, makeID: @escaping @Sendable () -> UUID = { UUID() },
        committer: (any NamedEntityCommitter)?
    ) {
        self.init(
            store: storage.metadata(scope), kind: kind, clock: clock, nearKeyMatcher: nearKeyMatcher,
            maximumAttempts: maximumAttempts, makeID: makeID, committer: committer)
    }

    /// The kind's policy.
    public var policy: SemanticUniquenessPolicy { kind.policy }

    // MARK: - Reads

    /// The record of the kind with this id, live or tombstone, or `nil`.
    ///
    /// - Throws: ``StorageError`` from the store.
    public func entity(id: UUID) async throws -> NamedEntity? {
        try await versioned(id)?.entity
    }

    /// The live record an id stands for: the record itself, or the record it was merged into (following merges).
    ///
    /// `nil` when there is no such record, or when a merge target has not arrived in this store yet.
    ///
    /// - Throws: ``StorageError`` from the store.
    public func resolve(_ id: UUID) async throws -> NamedEntity? {
        try await resolveVersioned(id)?.entity
    }

    /// The live record a spelling stands for, or `nil`: the winner among the live records of its key, else the
    /// record a tombstone of the key was merged into.
    ///
    /// - Throws: ``StorageError`` from the store.
    public func find(_ displayName: String) async throws -> NamedEntity? {
        let key = kind.key(for: displayName)
        guard !key.isEmpty else { return nil }
        return try await liveRecord(forKey: key)?.entity
    }

    /// The live records of a key, in merge order (the winner first).
    ///
    /// - Throws: ``StorageError`` from the store.
    public func entities(withKey key: SemanticKey) async throws -> [NamedEntity] {
        SemanticMergeRule.ordered(try await records(withKey: key).map(\.entity).filter(\.isLive), in: kind)
    }

    /// Every record of the kind, by id; tombstones only when asked.
    ///
    /// - Throws: ``StorageError`` from the store.
    public func allEntities(includingRetired: Bool = false) async throws -> [NamedEntity] {
        try await allVersioned().map(\.entity).filter { includingRetired || $0.isLive }
    }

    /// The groups of live records that share a key: what ``resolveDuplicates(rewriter:)`` merges.
    ///
    /// - Throws: ``StorageError`` from the store.
    public func conflicts() async throws -> [SemanticKeyConflict] {
        SemanticMergeRule.conflicts(among: try await allVersioned().map(\.entity), in: kind)
    }

    /// The live records a new name would likely duplicate, best match first: records of the same key (found
    /// through the indexed key), then records of a near key (found by scanning the kind's records).
    ///
    /// - Throws: ``SemanticKeyError/empty(raw:)`` when the name has an empty key, or ``StorageError`` from the
    ///   store.
    public func likelyDuplicates(of displayName: String) async throws -> [SemanticDuplicateMatch] {
        let key = try validatedKey(displayName)
        let same = try await entities(withKey: key).map { SemanticDuplicateMatch(entity: $0, similarity: .sameKey) }
        let sameIDs = Set(same.map(\.entity.id))
        var near: [SemanticDuplicateMatch] = []
        for entity in try await allEntities() where !sameIDs.contains(entity.id) {
            guard let other = entity.semanticKey, let similarity = nearKeyMatcher.similarity(key, other) else { continue }
            near.append(SemanticDuplicateMatch(entity: entity, similarity: similarity))
        }
        near.sort { lhs, rhs in
            if lhs.similarity != rhs.similarity { return lhs.similarity < rhs.similarity }
            return SemanticMergeRule.precedes(lhs.entity, rhs.entity, in: kind)
        }
        return same + near
    }

    // MARK: - Writes

    /// Returns the record a name stands for, creating it when the kind's policy says so.
    ///
    /// | policy | a record of the key (or a near key) exists | none exists |
    /// |---|---|---|
    /// | ``SemanticUniquenessPolicy/unique`` | `.existing(record)`; the spelling joins its aliases | `.created`, deterministic id |
    /// | ``SemanticUniquenessPolicy/detectAndAsk`` | `.duplicateFound(existing:)`; `.created` with `allowDuplicate: true` | `.created`, random id |
    /// | ``SemanticUniquenessPolicy/allowDuplicates`` | `.created`, random id | `.created`, random id |
    ///
    /// The display name of a new record is the spelling, trimmed. Adding an alias to an existing record is best
    /// effort: after ``maximumAttempts`` lost races the record is returned without it.
    ///
    /// - Parameters:
    ///   - displayName: the name as the user typed it.
    ///   - allowDuplicate: `true` to confirm a second record after ``NamedEntityResult/duplicateFound(existing:)``.
    /// - Throws: ``SemanticKeyError/empty(raw:)`` when the name has an empty key;
    ///   ``SemanticUniquenessError/duplicateKey(kind:key:existing:)`` when `allowDuplicate` asks a unique kind for
    ///   a second record; ``SemanticUniquenessError/entityRetired(kind:id:mergedInto:)`` when the key's record was
    ///   merged into a record this store does not hold yet; ``SemanticUniquenessError/contention(kind:id:attempts:)``
    ///   when concurrent writers won every attempt; ``StorageError`` from the store.
    public func getOrCreate(_ displayName: String, allowDuplicate: Bool = false) async throws -> NamedEntityResult {
        let key = try validatedKey(displayName)
        switch kind.policy {
        case .unique:
            return try await getOrCreateUnique(displayName, key: key, allowDuplicate: allowDuplicate)
        case .detectAndAsk:
            if !allowDuplicate {
                let matches = try await likelyDuplicates(of: displayName)
                if !matches.isEmpty { return .duplicateFound(existing: matches) }
            }
            return .created(try await createWithRandomID(displayName, key: key))
        case .allowDuplicates:
            return .created(try await createWithRandomID(displayName, key: key))
        }
    }

    // MARK: - Helpers

    private func getOrCreateUnique(
        _ displayName: String, key: SemanticKey, allowDuplicate: Bool
    ) async throws -> NamedEntityResult {
        let id = kind.id(for: key)
        for _ in 0..<maximumAttempts {
            if let existing = try await liveRecord(forKey: key) {
                if allowDuplicate {
                    throw SemanticUniquenessError.duplicateKey(kind: kind.name, key: key, existing: existing.entity.id)
                }
                return .existing(try await recordingAlias(displayName, on: existing))
            }
            if let retired = try await versioned(id)?.entity, let target = retired.mergedInto {
                throw SemanticUniquenessError.entityRetired(kind: kind.name, id: id, mergedInto: target)
            }
            let now = clock.now()
            let entity = NamedEntity(
                id: id, kind: kind.name, semanticKey: key, displayName: NamedEntity.cleanSpelling(displayName),
                createdAt: now, updatedAt: now)
            do {
                try await commit([(entity, .absent)])
                return .created(entity)
            } catch where NamedEntityRepository.isLostRace(error) {
                continue  // another task or device created it first: read it on the next attempt
            }
        }
        throw SemanticUniquenessError.contention(kind: kind.name, id: id, attempts: maximumAttempts)
    }

    private func createWithRandomID(_ displayName: String, key: SemanticKey) async throws -> NamedEntity {
        var id = makeID()
        for _ in 0..<maximumAttempts {
            let now = clock.now()
            let entity = NamedEntity(
                id: id, kind: kind.name, semanticKey: key, displayName: NamedEntity.cleanSpelling(displayName),
                createdAt: now, updatedAt: now)
            do {
                try await commit([(entity, .absent)])
                return entity
            } catch where NamedEntityRepository.isLostRace(error) {
                id = makeID()  // the id source repeated an id: draw another
            }
        }
        throw SemanticUniquenessError.contention(kind: kind.name, id: id, attempts: maximumAttempts)
    }

    private func recordingAlias(_ spelling: String, on record: VersionedEntity) async throws -> NamedEntity {
        var current = record
        for _ in 0..<maximumAttempts {
            guard let updated = current.entity.addingAlias(spelling, at: clock.now()) else { return current.entity }
            do {
                try await commit([(updated, .revision(current.revision))])
                return updated
            } catch where NamedEntityRepository.isLostRace(error) {
                guard let reloaded = try await versioned(current.entity.id), reloaded.entity.isLive else {
                    return current.entity
                }
                current = reloaded
            }
        }
        return current.entity
    }

    func validatedKey(_ displayName: String) throws -> SemanticKey {
        let key = kind.key(for: displayName)
        guard !key.isEmpty else { throw SemanticKeyError.empty(raw: displayName) }
        return key
    }
}
