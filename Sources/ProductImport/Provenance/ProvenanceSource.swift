import Foundation
import InventoryKit

/// One source of a product's fields as the stored provenance names it once: the provider, when its data was
/// recorded, the record's revision and when it was revised, and the confidence it carried. Fields refer to it by
/// its index in ``ProductProvenance``'s stored `sources`, so a record of twenty fields from one provider states the
/// provider, dates and revision once.
struct ProvenanceSource: Hashable, Sendable, Codable {
    var provider: ProviderID
    var recordedAt: Date
    var revision: String?
    var revisedAt: Date?
    var confidence: Double?

    /// The source of `entry`.
    init(of entry: FieldProvenance) {
        provider = entry.provider
        recordedAt = entry.recordedAt
        revision = entry.revision
        revisedAt = entry.revisedAt
        confidence = entry.confidence
    }

    /// A field's provenance from this source, with the field's own value hash.
    func field(valueHash: String?) -> FieldProvenance {
        var entry = FieldProvenance(provider: provider, recordedAt: recordedAt, valueHash: valueHash)
        // Set as stored: the initializer's clamping already happened when the entry was first made.
        entry.revision = revision
        entry.revisedAt = revisedAt
        entry.confidence = confidence
        return entry
    }

    /// Writes the source as `RecordCoding` writes it: sorted keys, absent values left out.
    func write(to writer: inout RecordJSONWriter) throws {
        writer.beginObject()
        try writer.optional("confidence", confidence)
        writer.member("provider")
        writer.string(provider.rawValue)
        writer.member("recordedAt")
        try writer.date(recordedAt)
        try writer.optional("revisedAt", revisedAt)
        writer.optional("revision", revision)
        writer.endObject()
    }
}
