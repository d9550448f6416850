import Foundation

/// The deterministic merge of named entities that share a semantic key: the same winner and the same result on
/// every replica that holds the same records, without coordination.
///
/// **Winner.** Of the live records of one key, the winner is
/// 1. the record whose id is the key's deterministic id (``NamedEntityKind/id(for:)``), if present;
/// 2. else the one created earliest (``NamedEntity/createdAt``);
/// 3. then the one with the smallest id (its lowercase string, byte order).
///
/// **Result.** The winner keeps its id, display name and creation date; its aliases gain every spelling of the
/// losers. Each loser becomes a tombstone: ``NamedEntity/mergedInto`` is the winner's id. Changed records get
/// `updatedAt = max(now, their updatedAt)`; the joins of ``NamedEntity/reconciled(with:)`` make replicas agree
/// on the rest.
///
/// ```swift
/// let ordered = SemanticMergeRule.ordered([legacy, deterministic], in: .category)   // deterministic first
/// ```
package enum SemanticMergeRule {
    /// Whether `lhs` wins over `rhs` in a merge of `kind`.
    package static func precedes(_ lhs: NamedEntity, _ rhs: NamedEntity, in kind: NamedEntityKind) -> Bool {
        let lhsDeterministic = lhs.semanticKey.map { kind.isDeterministicID(lhs.id, for: $0) } ?? false
        let rhsDeterministic = rhs.semanticKey.map { kind.isDeterministicID(rhs.id, for: $0) } ?? false
        if lhsDeterministic != rhsDeterministic { return lhsDeterministic }
        if lhs.createdAt != rhs.createdAt { return lhs.createdAt < rhs.createdAt }
        return RecordID(lhs.id) < RecordID(rhs.id)
    }

    /// The records in merge order: the winner first.
    package static func ordered(_ entities: [NamedEntity], in kind: NamedEntityKind) -> [NamedEntity] {
        entities.sorted { precedes($0, $1, in: kind) }
    }

    /// The groups of live records that share a key (two or more each), by key in byte order; records without a
    /// key and tombstones are ignored.
    package static func conflicts(among entities: [NamedEntity], in kind: NamedEntityKind) -> [SemanticKeyConflict] {
        var groups: [SemanticKey: [NamedEntity]] = [:]
        for entity in entities where entity.isLive && entity.kind == kind.name {
            guard let key = entity.semanticKey else { continue }
            groups[key, default: []].append(entity)
        }
        return groups.filter { $0.value.count > 1 }
            .map { SemanticKeyConflict(key: $0.key, entities: ordered($0.value, in: kind)) }
            .sorted { $0.key.rawValue.utf8.lexicographicallyPrecedes($1.key.rawValue.utf8) }
    }

    /// Merges `losers` into `winner`: the winner with the losers' spellings as aliases, and the losers as
    /// tombstones pointing at the winner.
    package static func merge(
        _ losers: [NamedEntity], into winner: NamedEntity, at date: Date
    ) -> (winner: NamedEntity, retired: [NamedEntity]) {
        var kept = winner
        kept.aliases = NamedEntity.canonicalAliases(
            winner.aliases + losers.flatMap(\.spellings), excluding: winner.displayName)
        kept.updatedAt = ([date, winner.updatedAt] + losers.map(\.updatedAt)).max() ?? date
        let retired = losers.map { loser in
            var tombstone = loser
            tombstone.mergedInto = winner.id
            tombstone.updatedAt = max(date, loser.updatedAt)
            return tombstone
        }
        return (kept, retired)
    }
}
