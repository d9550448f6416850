import Foundation

/// What a merge pass of ``NamedEntityRepository`` did.
public struct SemanticMergeReport: Hashable, Sendable {
    /// One merge: records retired into a winner.
    public struct Merge: Hashable, Sendable {
        /// The key the records shared (for a merge the caller chose, the winner's key).
        public var key: SemanticKey?
        /// The record kept.
        public var winner: UUID
        /// The records retired: each is now a tombstone whose ``NamedEntity/mergedInto`` is ``winner``.
        public var retired: [UUID]

        /// Creates a merge entry.
        public init(key: SemanticKey?, winner: UUID, retired: [UUID]) {
            self.key = key
            self.winner = winner
            self.retired = retired
        }
    }

    /// The kind merged.
    public var kind: NamedEntityKind.Name
    /// The merges done by this pass, by key.
    public var merges: [Merge]
    /// Every retired id of the kind (from this pass and earlier ones) and the live record it resolves to: what was
    /// handed to the ``ReferenceRewriter``.
    public var redirects: [UUID: UUID]
    /// Tombstones whose merge target is not in this store yet (it arrives with a later sync); their references
    /// were left alone.
    public var unresolved: [UUID]
    /// How many references the rewriter moved.
    public var rewrittenReferences: Int

    /// Creates a report.
    public init(
        kind: NamedEntityKind.Name, merges: [Merge] = [], redirects: [UUID: UUID] = [:], unresolved: [UUID] = [],
        rewrittenReferences: Int = 0
    ) {
        self.kind = kind
        self.merges = merges
        self.redirects = redirects
        self.unresolved = unresolved
        self.rewrittenReferences = rewrittenReferences
    }

    /// Every record retired by this pass.
    public var retiredIDs: [UUID] { merges.flatMap(\.retired) }
}
