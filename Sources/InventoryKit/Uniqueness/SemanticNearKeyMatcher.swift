import Foundation

/// Decides whether two semantic keys are near enough to call the records likely duplicates, for
/// ``SemanticUniquenessPolicy/detectAndAsk``.
///
/// Two keys are near when they are equal, when one is an English plural of the other in its last word (an `s`,
/// `es` or `ies`→`y` ending: `"roma tomatoes"` and `"roma tomato"`, `"berries"` and `"berry"`), or when both have at
/// least ``minimumLengthForEditDistance`` characters and are at most ``maximumEditDistance`` edits apart
/// (`"lasagna"` and `"lasagne"`). Short keys skip the edit distance so `"tea"` and `"pea"` stay apart.
///
/// ```swift
/// SemanticNearKeyMatcher().similarity("lasagna", "lasagne")   // .editDistance(1)
/// ```
public struct SemanticNearKeyMatcher: Hashable, Sendable {
    /// The largest edit distance that still counts as near; 0 turns the edit-distance check off. Default 1.
    public var maximumEditDistance: Int
    /// The shortest key, in characters, compared by edit distance. Default 4.
    public var minimumLengthForEditDistance: Int
    /// Whether plural and singular forms count as near. Default `true`.
    public var matchesPluralVariants: Bool

    /// Creates a matcher.
    public init(maximumEditDistance: Int = 1, minimumLengthForEditDistance: Int = 4, matchesPluralVariants: Bool = true) {
        self.maximumEditDistance = max(0, maximumEditDistance)
        self.minimumLengthForEditDistance = max(1, minimumLengthForEditDistance)
        self.matchesPluralVariants = matchesPluralVariants
    }

    /// How near `lhs` is to `rhs`, or `nil` when they are not near.
    public func similarity(_ lhs: SemanticKey, _ rhs: SemanticKey) -> SemanticDuplicateMatch.Similarity? {
        if lhs == rhs { return .sameKey }
        if matchesPluralVariants, !singularCandidates(lhs.rawValue).isDisjoint(with: singularCandidates(rhs.rawValue)) {
            return .pluralVariant
        }
        let left = Array(lhs.rawValue)
        let right = Array(rhs.rawValue)
        guard maximumEditDistance > 0, min(left.count, right.count) >= minimumLengthForEditDistance,
            abs(left.count - right.count) <= maximumEditDistance
        else { return nil }
        let distance = Self.editDistance(left, right)
        return distance <= maximumEditDistance ? .editDistance(distance) : nil
    }

    // MARK: - Helpers

    /// The key itself and the singular forms its last word could have.
    private func singularCandidates(_ key: String) -> Set<String> {
        var candidates: Set<String> = [key]
        let lastWordStart = key.lastIndex(of: " ").map { key.index(after: $0) } ?? key.startIndex
        let prefix = key[..<lastWordStart]
        let word = key[lastWordStart...]
        if word.hasSuffix("ies"), word.count > 4 { candidates.insert(prefix + word.dropLast(3) + "y") }
        if word.hasSuffix("es"), word.count > 3 { candidates.insert(String(prefix + word.dropLast(2))) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 2 { candidates.insert(String(prefix + word.dropLast())) }
        return candidates
    }

    /// The Levenshtein distance between two character sequences.
    static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        if rhs.isEmpty { return lhs.count }
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for (i, left) in lhs.enumerated() {
            current[0] = i + 1
            for (j, right) in rhs.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (left == right ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[rhs.count]
    }
}
