/// What ``EnrichmentService`` did with one suggestion.
public struct EnrichmentDecision: Hashable, Sendable, CustomStringConvertible {
    /// The strategy's provider id.
    public var provider: ProviderID
    /// The field.
    public var field: ProvenanceField
    /// The suggestion's confidence.
    public var confidence: Double
    /// The suggestion's reason.
    public var reason: String
    /// The suggested value, as a person reads it.
    public var valueDescription: String
    /// What happened to it.
    public var outcome: Outcome

    /// Creates a decision.
    public init(
        provider: ProviderID, field: ProvenanceField, confidence: Double, reason: String, valueDescription: String,
        outcome: Outcome
    ) {
        self.provider = provider
        self.field = field
        self.confidence = confidence
        self.reason = reason
        self.valueDescription = valueDescription
        self.outcome = outcome
    }

    /// What happened to a suggestion.
    public enum Outcome: String, Hashable, Sendable, Codable {
        /// The value was written.
        case applied
        /// The field already had a value (perhaps from a suggestion applied just before).
        case fieldAlreadySet
        /// A person set (or cleared) the field.
        case userOwned
        /// The confidence was below the service's minimum.
        case belowMinimumConfidence
        /// Applying it left the field empty, or changed other fields too; nothing was written.
        case rejected
    }

    /// `"manufacturer ← Nintendo (0.95, inferred.manufacturer-aliases): applied"`.
    public var description: String {
        "\(field) ← \(valueDescription) (\(confidence), \(provider)): \(outcome.rawValue)"
    }
}
