import Foundation
import InventoryKit

/// The stored form of provenance: each source (provider, dates, revision, confidence) stated once in `sources`, and
/// each field as `[source index]` or `[source index, "value hash"]`:
///
/// ```json
/// {"contributors":["openfoodfacts"],"fields":{"brand":[0,"5f1c…"],"images":[0],"title":[1,"9a0e…"]},
///  "primaryProvider":"openfoodfacts",
///  "sources":[{"provider":"openfoodfacts","recordedAt":817000000,"revision":"42"},
///             {"provider":"user","recordedAt":817100000}],"synthetic":false}
/// ```
///
/// A field a person set refers to a source of its own (the user, when), so its stamp is kept. Sources are listed in
/// the order the fields sorted by name first use them, so equal provenance is written as equal bytes. The earlier
/// form, every field an object repeating its provider, dates and revision, is still read.
extension ProductProvenance {
    private enum CodingKeys: String, CodingKey {
        case contributors, fields, primaryProvider, sources, synthetic
    }

    /// A field of the stored form: its source's index and its value hash.
    private struct FieldReference: Codable {
        var source: Int
        var valueHash: String?

        init(source: Int, valueHash: String?) {
            self.source = source
            self.valueHash = valueHash
        }

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            source = try container.decode(Int.self)
            valueHash = container.isAtEnd ? nil : try container.decodeNil() ? nil : try container.decode(String.self)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(source)
            if let valueHash { try container.encode(valueHash) }
        }
    }

    /// The fields in stored order (their names' UTF-8 bytes), each with its source's index, and the sources.
    private func compacted() -> (fields: [(ProvenanceField, FieldReference)], sources: [ProvenanceSource]) {
        var sources: [ProvenanceSource] = []
        var indexes: [ProvenanceSource: Int] = [:]
        let ordered = fields.sorted { $0.key.rawValue.utf8.lexicographicallyPrecedes($1.key.rawValue.utf8) }
        let references = ordered.map { field, entry in
            let source = ProvenanceSource(of: entry)
            let index = indexes[source] ?? {
                sources.append(source)
                indexes[source] = sources.count - 1
                return sources.count - 1
            }()
            return (field, FieldReference(source: index, valueHash: entry.valueHash))
        }
        return (references, sources)
    }

    /// Reads provenance in the stored form, or in the earlier form.
    ///
    /// - Throws: `DecodingError` when it is neither, or a field refers to a source the text does not list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        primaryProvider = try container.decode(ProviderID.self, forKey: .primaryProvider)
        contributors = try container.decode([ProviderID].self, forKey: .contributors)
        synthetic = try container.decode(Bool.self, forKey: .synthetic)
        guard container.contains(.sources) else {
            // The earlier form: each field states its source in full.
            fields = try container.decode([ProvenanceField: FieldProvenance].self, forKey: .fields)
            return
        }
        let sources = try container.decode([ProvenanceSource].self, forKey: .sources)
        let references = try container.decode([ProvenanceField: FieldReference].self, forKey: .fields)
        var fields: [ProvenanceField: FieldProvenance] = [:]
        for (field, reference) in references {
            guard sources.indices.contains(reference.source) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .fields, in: container,
                    debugDescription: "The field \(field) refers to source \(reference.source) of \(sources.count).")
            }
            fields[field] = sources[reference.source].field(valueHash: reference.valueHash)
        }
        self.fields = fields
    }

    /// Writes the stored form: each source once, each field referring to it.
    ///
    /// - Throws: `EncodingError` when a confidence is not a finite number.
    public func encode(to encoder: any Encoder) throws {
        let (references, sources) = compacted()
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(contributors, forKey: .contributors)
        try container.encode(
            Dictionary(uniqueKeysWithValues: references.map { ($0.0, $0.1) }), forKey: .fields)
        try container.encode(primaryProvider, forKey: .primaryProvider)
        try container.encode(sources, forKey: .sources)
        try container.encode(synthetic, forKey: .synthetic)
    }

    /// Writes the stored form by hand, byte for byte as `RecordCoding.encode(self)` writes it.
    func write(to writer: inout RecordJSONWriter) throws {
        let (references, sources) = compacted()
        writer.beginObject()
        writer.member("contributors")
        writer.strings(contributors.map(\.rawValue))
        writer.member("fields")
        writer.beginObject()
        for (field, reference) in references {
            writer.member(field.rawValue)
            writer.beginArray()
            writer.number(Int64(reference.source))
            if let valueHash = reference.valueHash { writer.string(valueHash) }
            writer.endArray()
        }
        writer.endObject()
        writer.member("primaryProvider")
        writer.string(primaryProvider.rawValue)
        writer.member("sources")
        writer.beginArray()
        for source in sources { try source.write(to: &writer) }
        writer.endArray()
        writer.member("synthetic")
        writer.bool(synthetic)
        writer.endObject()
    }
}
