import Foundation
import InventoryKit

/// How the `records.fields` column holds a record's indexed fields: a JSON object of tagged values that keeps
/// every `FieldValue` kind apart and exact.
///
/// ```json
/// {"b":["bool",true],"d":["date",12.5],"n":["int",3],"t":["string","lait"],"x":["double",2.5],"z":null}
/// ```
///
/// Integers stay 64-bit integers, dates are seconds since 2001-01-01 written with full precision, and non-finite
/// doubles are written as the strings `"inf"`, `"-inf"` and `"nan"`, so every value reads back as it was written.
/// Keys are sorted, so equal fields encode to equal text.
enum StoredFieldsCoding {
    /// Encodes fields as JSON text.
    ///
    /// - Throws: the encoder's `EncodingError` (not expected: every value has a representation).
    static func encode(_ fields: [String: FieldValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let data = try encoder.encode(fields.mapValues(TaggedValue.init))
        return String(decoding: data, as: UTF8.self)
    }

    /// A decoder for ``decode(_:with:)``; make one per batch of rows.
    static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// Decodes fields from JSON text written by ``encode(_:)``.
    ///
    /// - Throws: the decoder's `DecodingError` for text that is not such an object.
    static func decode(_ text: String, with decoder: JSONDecoder) throws -> [String: FieldValue] {
        try decoder.decode([String: TaggedValue].self, from: Data(text.utf8)).mapValues(\.value)
    }

    /// One field value as `null` or a `[kind, value]` pair.
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
            var container = try decoder.unkeyedContainer()
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
