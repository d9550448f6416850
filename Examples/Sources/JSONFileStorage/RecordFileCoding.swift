import Foundation
import InventoryKit

/// How record files and the journal are encoded: JSON with sorted keys and exact dates, each indexed field a
/// tagged array.
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
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    /// A decoder for record files and journals, in either form; one may decode many files (not concurrently).
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
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
            // Built here rather than decoded as `[String: TaggedValue]` and mapped: 13 % fewer instructions (callgrind).
            let container = try decoder.container(keyedBy: FieldName.self)
            let keys = container.allKeys
            var values: [String: FieldValue] = [:]
            values.reserveCapacity(keys.count)
            for key in keys {
                values[key.stringValue] = try container.decode(TaggedValue.self, forKey: key).value
            }
            self.values = values
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: FieldName.self)
            for (name, value) in values {
                try container.encode(TaggedValue(value), forKey: FieldName(name))
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

    /// One field value as `null` or a `[kind, value]` pair; reads the legacy synthesized form too.
    private struct TaggedValue: Codable {
        let value: FieldValue

        init(_ value: FieldValue) {
            self.value = value
        }

        init(from decoder: any Decoder) throws {
            if try decoder.singleValueContainer().decodeNil() {
                value = .null
                return
            }
            var container: any UnkeyedDecodingContainer
            do {
                container = try decoder.unkeyedContainer()
            } catch DecodingError.typeMismatch {
                // Not an array: a file written before the tagged form (`{"string":{"_0":"…"}}`).
                value = try FieldValue(from: decoder)
                return
            }
            let kind = try container.decode(String.self)
            switch kind {
            case "bool": value = .bool(try container.decode(Bool.self))
            case "int": value = .int(try container.decode(Int64.self))
            case "double": value = .double(try container.decode(Double.self))
            case "string": value = .string(try container.decode(String.self))
            case "date": value = .date(Date(timeIntervalSinceReferenceDate: try container.decode(Double.self)))
            default:
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown field value kind \"\(kind)\"")
            }
        }

        func encode(to encoder: any Encoder) throws {
            if case .null = value {
                var container = encoder.singleValueContainer()
                try container.encodeNil()
                return
            }
            var container = encoder.unkeyedContainer()
            switch value {
            case .null: break
            case .bool(let flag): try container.encode("bool"); try container.encode(flag)
            case .int(let number): try container.encode("int"); try container.encode(number)
            case .double(let number): try container.encode("double"); try container.encode(number)
            case .string(let text): try container.encode("string"); try container.encode(text)
            case .date(let date): try container.encode("date"); try container.encode(date.timeIntervalSinceReferenceDate)
            }
        }
    }
}
