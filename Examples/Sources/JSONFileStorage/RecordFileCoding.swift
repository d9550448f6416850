import Foundation
import InventoryKit

/// How record files and the journal are encoded: JSON with sorted keys and exact dates, each indexed field a
/// tagged array (`TaggedFieldValue`).
///
/// ```json
/// {"fields":{"b":["bool",true],"d":["date",12.5],"n":["int",3],"t":["string","lait"],"x":["double",2.5],"z":null},
///  "id":"p1","payload":"eyJ0aXRsZSI6ImxhaXQifQ==","revision":1}
/// ```
///
/// Integers stay 64-bit integers, dates are seconds since 2001-01-01 written with full precision, and non-finite
/// numbers are written as the strings `"inf"`, `"-inf"` and `"nan"`, so every ``FieldValue`` reads back as it was
/// written (the form `SQLiteStorage` keeps its fields in). Stores written before this form keep each field in the
/// compiler-synthesized enum coding (`{"string":{"_0":"lait"}}`); such files are still read.
enum RecordFileCoding {
    /// An encoder for record files and journals.
    static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        encoder.nonConformingFloatEncodingStrategy = TaggedFieldValue.nonFiniteEncoding
        return encoder
    }

    /// A decoder for record files and journals, in either form; one may decode many files (not concurrently).
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        decoder.nonConformingFloatDecodingStrategy = TaggedFieldValue.nonFiniteDecoding
        return decoder
    }

    /// Encodes a record file or a journal.
    ///
    /// - Throws: the encoder's `EncodingError` (not expected: every value has a representation).
    static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try makeEncoder().encode(value)
    }

    /// Decodes a record file or a journal.
    ///
    /// - Throws: the decoder's `DecodingError` for data of neither form.
    static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try makeDecoder().decode(type, from: data)
    }

    /// The indexed fields of a record, keyed by name; each value in the tagged form or the legacy one.
    struct Fields: Codable {
        let values: [String: FieldValue]

        init(_ values: [String: FieldValue]) {
            self.values = values
        }

        init(from decoder: any Decoder) throws {
            // Built here rather than decoded as `[String: TaggedFieldValue]` and mapped: 13 % fewer instructions (callgrind).
            let container = try decoder.container(keyedBy: FieldName.self)
            let keys = container.allKeys
            var values: [String: FieldValue] = [:]
            values.reserveCapacity(keys.count)
            for key in keys {
                do {
                    values[key.stringValue] = try container.decode(TaggedFieldValue.self, forKey: key).value
                } catch DecodingError.typeMismatch {
                    // Not null or an array: a file written before the tagged form (`{"string":{"_0":"…"}}`).
                    values[key.stringValue] = try container.decode(FieldValue.self, forKey: key)
                }
            }
            self.values = values
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldName.self)
            for (name, value) in values {
                try container.encode(TaggedFieldValue(value), forKey: FieldName(name))
            }
        }
    }

    /// A field's name as a coding key.
    private struct FieldName: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            stringValue = name
        }

        init?(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            return nil
        }
    }
}
