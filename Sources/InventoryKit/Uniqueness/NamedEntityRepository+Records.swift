import Foundation

// MARK: - Record access

extension NamedEntityRepository {
    /// A named entity and its store revision, for compare-and-swap writes.
    struct VersionedEntity: Sendable {
        var entity: NamedEntity
        var revision: Int
    }

    /// Whether a write failed because its precondition did not hold, i.e. it lost a race.
    static func isLostRace(_ error: any Error) -> Bool {
        if case StorageError.preconditionFailed = error { return true }
        return false
    }

    /// The filter of the kind's records.
    var kindFilter: RecordFilter { .equals(NamedEntity.Field.kind, .string(kind.name.rawValue)) }

    /// The record of the kind with this id and its revision.
    func versioned(_ id: UUID) async throws -> VersionedEntity? {
        guard let stored = try await store.record(RecordID(id), in: NamedEntity.collection) else { return nil }
        let entity = try NamedEntity.decode(stored)
        return entity.kind == kind.name ? VersionedEntity(entity: entity, revision: stored.revision) : nil
    }

    /// Every record of the kind (live and tombstones), by id.
    func allVersioned() async throws -> [VersionedEntity] {
        try await store.all(matching: kindFilter, in: NamedEntity.collection).map {
            VersionedEntity(entity: try NamedEntity.decode($0), revision: $0.revision)
        }
    }

    /// The records of the kind (live and tombstones) with this key, through the indexed key field.
    func records(withKey key: SemanticKey) async throws -> [VersionedEntity] {
        let filter = RecordFilter.and([kindFilter, .equals(NamedEntity.Field.semanticKey, .string(key.rawValue))])
        return try await store.all(matching: filter, in: NamedEntity.collection).map {
            VersionedEntity(entity: try NamedEntity.decode($0), revision: $0.revision)
        }
    }

    /// The winner among the live records of a key; else the live record a tombstone of the key resolves to.
    func liveRecord(forKey key: SemanticKey) async throws -> VersionedEntity? {
        let found = try await records(withKey: key)
        let live = found.filter(\.entity.isLive)
        if let winner = SemanticMergeRule.ordered(live.map(\.entity), in: kind).first {
            return live.first { $0.entity.id == winner.id }
        }
        for tombstone in SemanticMergeRule.ordered(found.map(\.entity), in: kind) {
            if let target = try await resolveVersioned(tombstone.id) { return target }
        }
        return nil
    }

    /// The live record an id resolves to through merge tombstones; `nil` for a missing record or a cycle.
    func resolveVersioned(_ id: UUID) async throws -> VersionedEntity? {
        var visited: Set<UUID> = []
        var next: UUID? = id
        while let current = next, visited.insert(current).inserted {
            guard let record = try await versioned(current) else { return nil }
            guard let target = record.entity.mergedInto else { return record }
            next = target
        }
        return nil
    }
}
