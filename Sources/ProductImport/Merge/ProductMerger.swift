import Foundation
import ProductModule

/// Merges a provider's normalized record into an existing product, field by field, under the precedence rules.
///
/// For each field the incoming record has a value for, and the value differs from the existing one:
/// 1. a value a person set is never replaced — recorded as ``ProviderID/user``, on a `ProductSource/manual`
///    product without provenance, or changed (or cleared) since a provider set it (see
///    ``ProductProvenance/owner(of:in:)``);
/// 2. an empty field is filled;
/// 3. a set field is replaced only when the incoming provider ranks equal or above its owner in the
///    ``ProviderPriority`` (so a provider's newer revision updates its own values).
///
/// Fields the incoming record lacks are never cleared. Images are merged per provider (a provider replaces only
/// the images it supplied) and references per key. The product's provenance records the provider, time and
/// revision of every value set, the incoming provider joins the contributors, the record stays synthetic only if
/// both were, and a product with several contributors gets the `ProductSource/merged` source (a
/// `ProductSource/manual` product stays manual). Merging the same record twice changes nothing the second time.
///
/// ```swift
/// let merger = ProductMerger()
/// let result = merger.merge(csvRecord.product, into: stored, now: clock.now())
/// if result.changed { try await products.updateProducts([result.product]) }
/// ```
public struct ProductMerger: Hashable, Sendable {
    /// Which provider wins a conflict.
    public var priority: ProviderPriority

    /// Creates a merger.
    public init(priority: ProviderPriority = .standard) {
        self.priority = priority
    }

    /// Merges `incoming` (a normalized provider record) into `existing`.
    public func merge(_ incoming: Product, into existing: Product, now: Date) -> ProductMergeResult {
        let incomingProvenance = incoming.effectiveProvenance
        let provider = incomingProvenance.primaryProvider
        let existingProvenance = existing.effectiveProvenance
        var provenance = existingProvenance
        var merged = existing
        var changedFields: [ProvenanceField] = []
        var keptFields: [ProductMergeResult.KeptField] = []

        for field in ProvenanceField.allKnown where field != .images && field != .references {
            guard field.isSet(in: incoming), !field.hasSameValue(in: incoming, as: merged) else { continue }
            let owner = existingProvenance.owner(of: field, in: existing)
            if owner?.isUser == true {
                keptFields.append(.init(field: field, owner: owner, reason: .userOwned))
                continue
            }
            if let owner, field.isSet(in: merged), !priority.allows(provider, toReplace: owner, in: field) {
                keptFields.append(.init(field: field, owner: owner, reason: .higherPriority))
                continue
            }
            guard field.copyValue(from: incoming, to: &merged) else {
                keptFields.append(.init(field: field, owner: owner, reason: .incompatibleDetails))
                continue
            }
            provenance.fields[field] = record(field, of: incoming, from: incomingProvenance, provider: provider, now: now)
            changedFields.append(field)
        }
        if mergeImages(from: incoming, provider: provider, into: &merged) {
            provenance.fields[.images] = record(.images, of: incoming, from: incomingProvenance, provider: provider, now: now)
            changedFields.append(.images)
        }
        if mergeReferences(from: incoming, into: &merged) {
            provenance.fields[.references] = record(
                .references, of: incoming, from: incomingProvenance, provider: provider, now: now)
            changedFields.append(.references)
        }
        adoptDetailsKind(from: incoming, into: &merged)

        for contributor in incomingProvenance.contributors { provenance.addContributor(contributor) }
        provenance.synthetic = existingProvenance.synthetic && incomingProvenance.synthetic
        if merged.source != .manual, provenance.contributors.count > 1 { merged.source = .merged }

        // `merged` still carries the existing provenance attribute: compare values first.
        if merged != existing || provenance != existingProvenance { merged.provenance = provenance }
        let changed = merged != existing
        return ProductMergeResult(product: merged, changedFields: changedFields, keptFields: keptFields, changed: changed)
    }

    // MARK: - Parts

    private func record(
        _ field: ProvenanceField, of incoming: Product, from provenance: ProductProvenance, provider: ProviderID, now: Date
    ) -> FieldProvenance {
        var entry = provenance.fields[field] ?? FieldProvenance(provider: provider, recordedAt: now)
        entry.valueHash = field.tracksEdits ? field.valueHash(in: incoming) : nil
        return entry
    }

    /// Replaces the images the provider supplied before with the ones it supplies now; other images stay.
    private func mergeImages(from incoming: Product, provider: ProviderID, into merged: inout Product) -> Bool {
        let supplied = incoming.images.filter { $0.source == provider.rawValue }
        guard !supplied.isEmpty else { return false }
        let previous = merged.images.filter { $0.source == provider.rawValue }
        guard previous != supplied else { return false }
        let kept = merged.images.filter { $0.source != provider.rawValue }
        let keptIDs = Set(kept.map(\.id))
        merged.images = kept + supplied.filter { !keptIDs.contains($0.id) }
        return true
    }

    /// Adds the incoming references; an existing key gets the incoming value.
    private func mergeReferences(from incoming: Product, into merged: inout Product) -> Bool {
        let combined = merged.references.merging(incoming.references) { _, new in new }
        guard combined != merged.references else { return false }
        merged.references = combined
        return true
    }

    /// Gives a product without details the incoming kind of details, and makes food details beverage details
    /// (or back) when the category says so.
    private func adoptDetailsKind(from incoming: Product, into merged: inout Product) {
        if merged.productDetails == nil, let kind = incoming.productDetails {
            switch kind {
            case .food: merged.productDetails = .food(nil)
            case .beverage: merged.productDetails = .beverage(nil)
            case .household: merged.productDetails = .household(nil)
            case .personalCare: merged.productDetails = .personalCare(nil)
            case .collectible: merged.productDetails = .collectible(nil)
            case .other: merged.productDetails = .other(nil)
            }
        }
        switch (merged.productDetails, merged.category?.main) {
        case (.food(let details)?, "beverage"?): merged.productDetails = .beverage(details)
        case (.beverage(let details)?, "food"?): merged.productDetails = .food(details)
        default: break
        }
    }
}
