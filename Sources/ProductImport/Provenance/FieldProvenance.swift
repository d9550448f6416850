import Foundation
import InventoryKit

/// Where one field's value came from: which provider set it, when, from which revision of the provider's record.
///
/// ```swift
/// let title = product.provenance?.fields[.title]
/// title?.provider       // "openfoodfacts"
/// title?.revision       // "121" (the OFF record's `rev`)
/// title?.revisedAt      // the OFF record's `last_modified_t`
/// ```
public struct FieldProvenance: Hashable, Sendable, Codable {
    /// The provider that set the value.
    public var provider: ProviderID
    /// When the value was set in the catalogue (the import or enrichment time).
    public var recordedAt: Date
    /// The provider's revision of its record, such as Open Food Facts' `rev`, when known.
    public var revision: String?
    /// When the provider last changed its record, such as Open Food Facts' `last_modified_t`, when known.
    public var revisedAt: Date?
    /// How sure an inferring provider was, 0 through 1; `nil` for values read from a record.
    public var confidence: Double?
    /// A fingerprint of the value as the provider set it; a different current value means someone edited it
    /// afterwards, and the edit counts as the user's.
    public var valueHash: String?

    /// The longest revision text kept, in characters.
    public static let maximumRevisionLength = 64

    /// Creates field provenance; a revision longer than `maximumRevisionLength` characters is cut, and a
    /// confidence is clamped to 0…1 (a non-finite one is dropped).
    public init(
        provider: ProviderID, recordedAt: Date, revision: String? = nil, revisedAt: Date? = nil,
        confidence: Double? = nil, valueHash: String? = nil
    ) {
        self.provider = provider
        self.recordedAt = recordedAt
        self.revision = revision.map { String($0.prefix(Self.maximumRevisionLength)) }
        self.revisedAt = revisedAt
        self.confidence = confidence.flatMap { $0.isFinite ? min(1, max(0, $0)) : nil }
        self.valueHash = valueHash
    }
}
