import Foundation

extension SemanticKeyMigration {
    /// What ``SemanticKeyMigration/populateKeys()`` did and found.
    public struct KeyPopulationReport: Hashable, Sendable {
        /// The kind migrated.
        public var kind: NamedEntityKind.Name
        /// The records that were given their key, by id.
        public var populated: [UUID]
        /// The records whose display name has an empty key, so they cannot have one, by id.
        public var unkeyable: [UUID]
        /// The groups of live records that share a key, left as they are for ``SemanticKeyMigration/mergeDuplicates(rewriter:)``.
        public var conflicts: [SemanticKeyConflict]

        /// Creates a report.
        public init(
            kind: NamedEntityKind.Name, populated: [UUID] = [], unkeyable: [UUID] = [],
            conflicts: [SemanticKeyConflict] = []
        ) {
            self.kind = kind
            self.populated = populated
            self.unkeyable = unkeyable
            self.conflicts = conflicts
        }

        /// Whether ``SemanticKeyMigration/mergeDuplicates(rewriter:)`` has anything to merge.
        public var hasConflicts: Bool { !conflicts.isEmpty }
    }
}
