import Foundation

// MARK: - API

extension NamedEntity {
    /// Joins two versions of the same record (the same ``id``) that replicas changed independently, so that every
    /// replica ends with the same record whatever order versions arrive in.
    ///
    /// A sync engine calls this when a remote version of a named entity meets the local one, instead of letting
    /// one version win: both creations of a deterministic id, and an alias added on each device, are kept.
    ///
    /// - ``createdAt`` is the earlier one, and ``displayName`` is the display name of the version created first
    ///   (by creation date, then by UTF-8 bytes): the first spelling seen stays.
    /// - ``aliases`` are the union of every spelling of both versions, without the chosen display name.
    /// - ``updatedAt`` is the later one; ``semanticKey`` and ``kind`` the smaller non-`nil` one by bytes.
    /// - A tombstone wins over a live version; of two different merge targets the smaller id wins.
    ///
    /// The join is commutative, associative and idempotent. When `other` has another id, `self` is returned.
    public func reconciled(with other: NamedEntity) -> NamedEntity {
        guard other.id == id else { return self }
        let first = NamedEntity.createdFirst(self, other)
        var joined = first
        joined.createdAt = min(createdAt, other.createdAt)
        joined.updatedAt = max(updatedAt, other.updatedAt)
        joined.kind = min(kind, other.kind)
        joined.semanticKey = NamedEntity.smallerKey(semanticKey, other.semanticKey)
        joined.aliases = NamedEntity.canonicalAliases(spellings + other.spellings, excluding: first.displayName)
        switch (mergedInto, other.mergedInto) {
        case (let mine?, let theirs?): joined.mergedInto = RecordID(mine) < RecordID(theirs) ? mine : theirs
        case (let target?, nil), (nil, let target?): joined.mergedInto = target
        case (nil, nil): joined.mergedInto = nil
        }
        return joined
    }

    /// Joins every version of one record with ``reconciled(with:)``; `nil` for no version.
    public static func reconciled(_ versions: some Sequence<NamedEntity>) -> NamedEntity? {
        versions.reduce(nil) { joined, version in joined.map { $0.reconciled(with: version) } ?? version }
    }

    // MARK: - Helpers

    private static func createdFirst(_ lhs: NamedEntity, _ rhs: NamedEntity) -> NamedEntity {
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt ? lhs : rhs }
        return rhs.displayName.utf8.lexicographicallyPrecedes(lhs.displayName.utf8) ? rhs : lhs
    }

    private static func smallerKey(_ lhs: SemanticKey?, _ rhs: SemanticKey?) -> SemanticKey? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        return rhs.rawValue.utf8.lexicographicallyPrecedes(lhs.rawValue.utf8) ? rhs : lhs
    }
}
