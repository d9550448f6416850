import Foundation
import InventoryKit
import ProductModule

/// Where a canonical product's data came from: the provider that created it, every provider that contributed,
/// which provider set each field (when, from which revision), and whether the record was inferred.
///
/// ## Storage
/// A product carries its provenance in `Product/attributes` under `attributeKey`, as compact JSON in the kit's
/// `RecordCoding` (sorted keys, exact dates) that states each source (provider, dates, revision) once and lets each
/// field refer to it. It therefore travels with the product through every store, the outbox and the remote, in the
/// same atomic commit; read and write it with `Product/provenance`. Provenance written in the earlier form, each
/// field stating its source in full, is read as well.
///
/// ```swift
/// let provenance = product.provenance
/// provenance?.primaryProvider            // "openfoodfacts"
/// provenance?.contributors               // ["openfoodfacts", "csv"]
/// provenance?.fields[.nutrition]?.provider
/// ```
public struct ProductProvenance: Hashable, Sendable, Codable {
    /// The attribute key provenance is stored under. Treat it as reserved.
    public static let attributeKey = "inventorykit.provenance"

    /// The provider whose record created the product.
    public var primaryProvider: ProviderID
    /// Every provider whose record was merged into the product, in the order they first contributed.
    public var contributors: [ProviderID]
    /// Which provider set each field.
    public var fields: [ProvenanceField: FieldProvenance]
    /// Whether the record was inferred rather than described by a provider: its identity was made from its
    /// title (and brand or platform) because it had no barcode or provider key. Such records are candidates for
    /// de-duplication.
    public var synthetic: Bool

    /// Creates provenance; the primary provider is always listed first among the contributors.
    public init(
        primaryProvider: ProviderID, contributors: [ProviderID] = [], fields: [ProvenanceField: FieldProvenance] = [:],
        synthetic: Bool = false
    ) {
        self.primaryProvider = primaryProvider
        var unique: [ProviderID] = [primaryProvider]
        for contributor in contributors where !unique.contains(contributor) { unique.append(contributor) }
        self.contributors = unique
        self.fields = fields
        self.synthetic = synthetic
    }

    /// Adds a contributor at the end, unless it is listed already.
    public mutating func addContributor(_ provider: ProviderID) {
        if !contributors.contains(provider) { contributors.append(provider) }
    }

    /// The provenance a product without recorded provenance is treated as having.
    ///
    /// A `ProductSource/manual` product was typed in by a person, so each of its set fields belongs to
    /// ``ProviderID/user``; any other product's set fields belong to ``ProviderID/unknown``.
    public static func baseline(for product: Product) -> ProductProvenance {
        let owner: ProviderID = product.source == .manual ? .user : .unknown
        var fields: [ProvenanceField: FieldProvenance] = [:]
        for (field, slot) in ProvenanceField.knownSlots {
            guard let hash = ProvenanceField.valueHash(of: slot, in: product) else { continue }
            fields[field] = FieldProvenance(provider: owner, recordedAt: product.updatedAt, valueHash: hash)
        }
        return ProductProvenance(primaryProvider: owner, fields: fields)
    }

    /// The provenance of a product a provider just described: the provider set every field that has a value.
    ///
    /// - Parameters:
    ///   - product: The normalized product.
    ///   - provider: The provider whose record it is.
    ///   - revision: The revision of the provider's record.
    ///   - synthetic: Whether the record's identity was inferred.
    ///   - now: The import time.
    public static func describing(
        _ product: Product, by provider: ProviderID, revision: SourceRevision? = nil, synthetic: Bool = false,
        now: Date
    ) -> ProductProvenance {
        var fields: [ProvenanceField: FieldProvenance] = [:]
        fields.reserveCapacity(ProvenanceField.knownSlots.count)
        for (field, slot) in ProvenanceField.knownSlots {
            guard let hash = ProvenanceField.valueHash(of: slot, in: product) else { continue }
            fields[field] = FieldProvenance(
                provider: provider, recordedAt: now, revision: revision?.revision, revisedAt: revision?.revisedAt,
                valueHash: field.tracksEdits ? hash : nil)
        }
        return ProductProvenance(primaryProvider: provider, fields: fields, synthetic: synthetic)
    }

    /// Who owns a field's current value: ``ProviderID/user`` when a person set it — recorded so, or changed after
    /// the recorded provider set it, or cleared — the recorded provider otherwise, `nil` for an empty, unowned field.
    public func owner(of field: ProvenanceField, in product: Product) -> ProviderID? {
        let current = field.valueHash(in: product)
        guard let entry = fields[field] else {
            guard current != nil else { return nil }
            return product.source == .manual ? .user : .unknown
        }
        if entry.provider.isUser { return .user }
        if field.tracksEdits, let recorded = entry.valueHash, recorded != current { return .user }
        return entry.provider
    }

    // MARK: - Attribute coding

    /// Decodes provenance from its attribute text.
    ///
    /// - Throws: `DecodingError` when the text is not provenance JSON.
    public init(attributeValue: String) throws {
        self = try RecordCoding.decode(ProductProvenance.self, from: Data(attributeValue.utf8))
    }

    /// The provenance as attribute text.
    ///
    /// - Throws: `EncodingError` when a confidence is not a finite number.
    public func attributeValue() throws -> String {
        // Written by hand, byte for byte as `RecordCoding.encode(self)` writes it (a test holds the two equal):
        // every imported record stores its provenance, and `JSONEncoder` was a third of normalizing one.
        var writer = RecordJSONWriter(capacity: 128 + fields.count * 32)
        try write(to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

}
