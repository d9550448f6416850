import Foundation

// MARK: - Merges

extension NamedEntityRepository {
    /// Merges every group of live records that share a key (``SemanticUniquenessPolicy/unique`` kinds only) with
    /// the deterministic `SemanticMergeRule`, then moves references from every retired id of the kind to its live
    /// record through `rewriter`.
    ///
    /// Run it after records arrive by sync or import: every replica that holds the same records picks the same
    /// winners, so replicas converge. The merge is stored before references move (one atomic write with
    /// compare-and-swap preconditions, retried when a concurrent write intervenes); a reference not yet moved
    /// still resolves through ``resolve(_:)``, and the next pass hands it to the rewriter again. A second pass with
    /// nothing new merges nothing. Each pass reads every record of the kind (tombstones included).
    ///
    /// ```swift
    /// let report = try await categories.resolveDuplicates(rewriter: ProductCategoryRewriter(store: store))
    /// report.merges      // [Merge(key: "produce", winner: …, retired: […])]
    /// ```
    ///
    /// - Parameter rewriter: moves the app's references; `nil` to move none.
    /// - Returns: the merges, the redirects handed to the rewriter and how many references moved.
    /// - Throws: ``SemanticUniquenessError/contention(kind:id:attempts:)`` when concurrent writers won every
    ///   attempt; what the rewriter throws (the merge is then already stored); ``StorageError`` from the store.
    public func resolveDuplicates(rewriter: (any ReferenceRewriter)? = nil) async throws -> SemanticMergeReport {
        var merges: [SemanticMergeReport.Merge] = []
        for attempt in 1...maximumAttempts {
            let records = try await allVersioned()
            let conflicts = kind.policy == .unique
                ? SemanticMergeRule.conflicts(among: records.map(\.entity), in: kind) : []
            guard let contended = conflicts.first?.winner?.id else {
                return try await redirectReferences(records.map(\.entity), merges: merges, rewriter: rewriter)
            }
            let revisions = Dictionary(uniqueKeysWithValues: records.map { ($0.entity.id, $0.revision) })
            let now = clock.now()
            var writes: [(entity: NamedEntity, precondition: RecordPrecondition)] = []
            var pass: [SemanticMergeReport.Merge] = []
            for conflict in conflicts {
                guard let winner = conflict.winner else { continue }
                let merged = SemanticMergeRule.merge(conflict.losers, into: winner, at: now)
                for entity in [merged.winner] + merged.retired {
                    writes.append((entity, revisions[entity.id].map { .revision($0) } ?? .absent))
                }
                pass.append(.init(key: conflict.key, winner: winner.id, retired: merged.retired.map(\.id)))
            }
            do {
                try await commit(writes)
                merges += pass
            } catch where NamedEntityRepository.isLostRace(error) {
                // A concurrent write changed a record of a group: plan again on fresh records.
                guard attempt < maximumAttempts else {
                    throw SemanticUniquenessError.contention(kind: kind.name, id: contended, attempts: attempt)
                }
            }
        }
        // Every attempt merged something and new conflicts kept arriving: report what was done; the next pass
        // continues.
        return try await redirectReferences(try await allVersioned().map(\.entity), merges: merges, rewriter: rewriter)
    }

    /// Merges records the caller chose into one — for example after the user confirmed that two
    /// ``SemanticUniquenessPolicy/detectAndAsk`` records are the same — then moves references through `rewriter`.
    ///
    /// The keys may differ; the winner gains the retired records' spellings as aliases. Retiring a record that
    /// is already merged into `winnerID` does nothing, so the call is idempotent.
    ///
    /// - Parameters:
    ///   - retiredIDs: the records to retire.
    ///   - winnerID: the record to keep; it must be live.
    ///   - rewriter: moves the app's references; `nil` to move none.
    /// - Returns: the merge, the redirects handed to the rewriter and how many references moved.
    /// - Throws: ``SemanticUniquenessError/entityNotFound(kind:id:)`` for an id the kind does not hold;
    ///   ``SemanticUniquenessError/entityRetired(kind:id:mergedInto:)`` when the winner, or a record to retire, is
    ///   already merged elsewhere; ``SemanticUniquenessError/contention(kind:id:attempts:)``; what the rewriter
    ///   throws; ``StorageError`` from the store.
    public func merge(
        _ retiredIDs: [UUID], into winnerID: UUID, rewriter: (any ReferenceRewriter)? = nil
    ) async throws -> SemanticMergeReport {
        for _ in 0..<maximumAttempts {
            guard let winner = try await versioned(winnerID) else {
                throw SemanticUniquenessError.entityNotFound(kind: kind.name, id: winnerID)
            }
            if let target = winner.entity.mergedInto {
                throw SemanticUniquenessError.entityRetired(kind: kind.name, id: winnerID, mergedInto: target)
            }
            var losers: [VersionedEntity] = []
            for id in Set(retiredIDs).subtracting([winnerID]).sorted(by: { RecordID($0) < RecordID($1) }) {
                guard let loser = try await versioned(id) else {
                    throw SemanticUniquenessError.entityNotFound(kind: kind.name, id: id)
                }
                switch loser.entity.mergedInto {
                case nil: losers.append(loser)
                case winnerID?: continue
                case let target?: throw SemanticUniquenessError.entityRetired(kind: kind.name, id: id, mergedInto: target)
                }
            }
            var merges: [SemanticMergeReport.Merge] = []
            if !losers.isEmpty {
                let merged = SemanticMergeRule.merge(losers.map(\.entity), into: winner.entity, at: clock.now())
                var writes: [(entity: NamedEntity, precondition: RecordPrecondition)] = [
                    (merged.winner, .revision(winner.revision))
                ]
                for (tombstone, loser) in zip(merged.retired, losers) {
                    writes.append((tombstone, .revision(loser.revision)))
                }
                do {
                    try await commit(writes)
                } catch where NamedEntityRepository.isLostRace(error) {
                    continue
                }
                merges = [.init(key: winner.entity.semanticKey, winner: winnerID, retired: merged.retired.map(\.id))]
            }
            return try await redirectReferences(try await allVersioned().map(\.entity), merges: merges, rewriter: rewriter)
        }
        throw SemanticUniquenessError.contention(kind: kind.name, id: winnerID, attempts: maximumAttempts)
    }

    // MARK: - Helpers

    /// Resolves every tombstone among `records` to its live record and hands the redirects to `rewriter`.
    private func redirectReferences(
        _ records: [NamedEntity], merges: [SemanticMergeReport.Merge], rewriter: (any ReferenceRewriter)?
    ) async throws -> SemanticMergeReport {
        let byID = Dictionary(records.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var redirects: [UUID: UUID] = [:]
        var unresolved: [UUID] = []
        for tombstone in records where !tombstone.isLive {
            var visited: Set<UUID> = [tombstone.id]
            var next = tombstone.mergedInto
            var target: UUID?
            while let current = next, visited.insert(current).inserted, let record = byID[current] {
                if record.isLive {
                    target = current
                    break
                }
                next = record.mergedInto
            }
            if let target { redirects[tombstone.id] = target } else { unresolved.append(tombstone.id) }
        }
        var rewritten = 0
        if let rewriter, !redirects.isEmpty {
            rewritten = try await rewriter.rewriteReferences(redirects, kind: kind)
        }
        return SemanticMergeReport(
            kind: kind.name, merges: merges, redirects: redirects,
            unresolved: unresolved.sorted { RecordID($0) < RecordID($1) }, rewrittenReferences: rewritten)
    }
}
