import Foundation

/// What ``NamedEntityRepository/getOrCreate(_:allowDuplicate:)`` did.
///
/// ```swift
/// switch try await recipes.getOrCreate("Lasagne") {
/// case .created(let recipe), .existing(let recipe): open(recipe)
/// case .duplicateFound(let matches): askUser(matches)   // then getOrCreate("Lasagne", allowDuplicate: true)
/// }
/// ```
public enum NamedEntityResult: Hashable, Sendable {
    /// A new record was created.
    case created(NamedEntity)
    /// The live record of the key already existed and was returned (``SemanticUniquenessPolicy/unique``).
    case existing(NamedEntity)
    /// Likely duplicates exist, best match first, and nothing was created
    /// (``SemanticUniquenessPolicy/detectAndAsk`` without `allowDuplicate`).
    case duplicateFound(existing: [SemanticDuplicateMatch])

    /// The created or existing record; `nil` for ``duplicateFound(existing:)``.
    public var entity: NamedEntity? {
        switch self {
        case .created(let entity), .existing(let entity): entity
        case .duplicateFound: nil
        }
    }

    /// Whether a record was created.
    public var wasCreated: Bool {
        if case .created = self { return true }
        return false
    }
}
