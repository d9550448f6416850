import Foundation

extension SemanticKeyMigration {
    /// What stage A of a ``SemanticKeyMigration`` did and found.
    public struct StageAReport: Hashable, Sendable {
        /// The kind migrated.
        public var kind: SemanticEntityKind.Name
        /// The records that were given their key, by id.
        public var populated: [UUID]
        /// The records whose display name has an empty key, so they cannot have one, by id.
        public var unkeyable: [UUID]
        /// The groups of live records that share a key, left as they are for stage B.
        public var conflicts: [SemanticKeyConflict]

        /// Creates a report.
        public init(
            kind: SemanticEntityKind.Name, populated: [UUID] = [], unkeyable: [UUID] = [],
            conflicts: [SemanticKeyConflict] = []
        ) {
            self.kind = kind
            self.populated = populated
            self.unkeyable = unkeyable
            self.conflicts = conflicts
        }

        /// Whether stage B has anything to merge.
        public var hasConflicts: Bool { !conflicts.isEmpty }
    }
}
