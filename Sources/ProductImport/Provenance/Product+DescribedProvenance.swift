import Foundation
import InventoryKit
import ProductModule

extension Product {
    /// Records that `provider` just described the product: the same attribute text as
    /// `provenance = .describing(self, by: provider, revision: revision, synthetic: synthetic, now: now)`, byte for
    /// byte (a test holds the two equal), written straight from the product.
    ///
    /// Every imported record stores its provenance. Described provenance has one source (the provider, `now`, the
    /// revision) that every set field refers to, so its stored form needs no map of fields, no sort of their names
    /// and no table of sources: the fields are visited in stored order, each value hashed once.
    mutating func recordDescribedProvenance(
        by provider: ProviderID, revision: SourceRevision? = nil, synthetic: Bool = false, now: Date
    ) {
        attributes[ProductProvenance.attributeKey] = try? describedProvenanceText(
            by: provider, revision: revision, synthetic: synthetic, now: now)
    }

    /// The stored form of ``ProductProvenance/describing(_:by:revision:synthetic:now:)`` of this product.
    ///
    /// - Throws: `EncodingError` when a date of the source is not a finite number, as
    ///   ``ProductProvenance/attributeValue()`` throws.
    func describedProvenanceText(
        by provider: ProviderID, revision: SourceRevision?, synthetic: Bool, now: Date
    ) throws -> String {
        let fields = ProvenanceField.knownSlotsInStoredOrder
        var writer = RecordJSONWriter(capacity: 128 + fields.count * 32)
        writer.beginObject()
        writer.member("contributors")
        writer.beginArray()
        writer.string(provider.rawValue)
        writer.endArray()
        writer.member("fields")
        writer.beginObject()
        var anyField = false
        // Each field is `[0]` or `[0,"<value hash>"]`. The index is written as a `Double`, which the writer spells
        // `0` as it spells the integer, but from its cache of the numbers it wrote last, not as a new text each time.
        for known in fields {
            guard let hash = ProvenanceField.valueHash(of: known.slot, in: self) else { continue }
            anyField = true
            writer.member(known.field.rawValue)
            writer.beginArray()
            try writer.number(0.0)
            if known.tracksEdits { writer.string(hash) }
            writer.endArray()
        }
        writer.endObject()
        writer.member("primaryProvider")
        writer.string(provider.rawValue)
        writer.member("sources")
        writer.beginArray()
        if anyField {
            // The one source, made as `describing` makes each field's (the revision cut as its initializer cuts it).
            let entry = FieldProvenance(
                provider: provider, recordedAt: now, revision: revision?.revision, revisedAt: revision?.revisedAt)
            try ProvenanceSource(of: entry).write(to: &writer)
        }
        writer.endArray()
        writer.member("synthetic")
        writer.bool(synthetic)
        writer.endObject()
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension ProvenanceField {
    /// Every field the merge rules know, with its slot and whether it tracks edits, in the stored form's order
    /// (their names' UTF-8 bytes, as `ProductProvenance` sorts the fields it writes).
    static let knownSlotsInStoredOrder: [(field: ProvenanceField, slot: Slot, tracksEdits: Bool)] =
        knownSlots
        .sorted { $0.field.rawValue.utf8.lexicographicallyPrecedes($1.field.rawValue.utf8) }
        .map { ($0.field, $0.slot, $0.field.tracksEdits) }
}
