import Foundation
import InventoryKit

/// How the `records.fields` column holds a record's indexed fields: a JSON object of the kit's
/// `TaggedFieldValue`s, which keeps every `FieldValue` kind apart and exact.
///
/// ```json
/// {"b":["bool",true],"d":["date",12.5],"n":["int",3],"t":["string","lait"],"x":["double",2.5],"z":null}
/// ```
///
/// Integers stay 64-bit integers, dates are seconds since 2001-01-01 written with full precision, and non-finite
/// doubles are written as the strings `"inf"`, `"-inf"` and `"nan"`, so every value reads back as it was written.
/// Keys are sorted, so equal fields encode to equal text.
enum StoredFieldsCoding {
    /// An encoder for ``encode(_:with:)``; make one per batch of writes.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = TaggedFieldValue.nonFiniteEncoding
        return encoder
    }

    /// Encodes fields as JSON text.
    ///
    /// - Throws: the encoder's `EncodingError` (not expected: every value has a representation).
    static func encode(_ fields: [String: FieldValue], with encoder: JSONEncoder = makeEncoder()) throws -> String {
        let data = try encoder.encode(fields.mapValues(TaggedFieldValue.init))
        return String(decoding: data, as: UTF8.self)
    }

    /// A decoder for ``decode(_:with:)``; make one per batch of rows.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = TaggedFieldValue.nonFiniteDecoding
        return decoder
    }

    /// Decodes fields from JSON text written by ``encode(_:)``: read by ``StoredFieldsParser``, or by the decoder
    /// when the parser does not answer (text the encoder did not write).
    ///
    /// - Throws: the decoder's `DecodingError` for text that is not such an object.
    static func decode(_ text: String, with decoder: JSONDecoder) throws -> [String: FieldValue] {
        if let fields = StoredFieldsParser.parse(text) { return fields }
        return try decoder.decode([String: TaggedFieldValue].self, from: Data(text.utf8)).mapValues(\.value)
    }
}
