import Foundation

/// A live record that is probably the same thing as a name being created, and why.
public struct SemanticDuplicateMatch: Hashable, Sendable {
    /// Why a record counts as a likely duplicate, from strongest to weakest.
    public enum Similarity: Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The semantic keys are equal.
        case sameKey
        /// The keys differ only by an English plural ending of the last word (`"tomato"`, `"tomatoes"`).
        case pluralVariant
        /// The keys are this many single-character edits apart (insert, delete, replace).
        case editDistance(Int)

        /// `same key`, `plural variant` or `edit distance 1`.
        public var description: String {
            switch self {
            case .sameKey: "same key"
            case .pluralVariant: "plural variant"
            case .editDistance(let distance): "edit distance \(distance)"
            }
        }
    }

    /// The existing record.
    public var entity: NamedEntity
    /// How it resembles the new name.
    public var similarity: Similarity

    /// Creates a match.
    public init(entity: NamedEntity, similarity: Similarity) {
        self.entity = entity
        self.similarity = similarity
    }
}
