import Foundation

/// Live records of one kind that share a semantic key: what a merge will fold into one record.
public struct SemanticKeyConflict: Hashable, Sendable {
    /// The shared key.
    public var key: SemanticKey
    /// The records, the merge winner first, then the others in merge order.
    public var entities: [NamedEntity]

    /// Creates a conflict.
    public init(key: SemanticKey, entities: [NamedEntity]) {
        self.key = key
        self.entities = entities
    }

    /// The record the deterministic merge keeps (see `SemanticMergeRule`).
    public var winner: NamedEntity? { entities.first }

    /// The records the merge retires.
    public var losers: [NamedEntity] { Array(entities.dropFirst()) }
}
