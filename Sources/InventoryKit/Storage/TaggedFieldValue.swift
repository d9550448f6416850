import Foundation

/// A ``FieldValue`` in a compact, exact form for storage formats: `null`, or a `[kind, value]` pair.
///
/// ```json
/// {"b":["bool",true],"d":["date",12.5],"n":["int",3],"t":["string","lait"],"x":["double",2.5],"z":null}
/// ```
///
/// Integers stay 64-bit integers and dates are seconds since 2001-01-01 written with full precision, so every
/// value reads back as it was written — provided the coder writes non-finite doubles as strings
/// (``nonFiniteEncoding`` and ``nonFiniteDecoding``). `FieldValue`'s own `Codable` form is the
/// compiler-synthesized one (`{"string":{"_0":"lait"}}`): about three times slower to decode, and it cannot
/// hold a non-finite double in JSON. Providers that store indexed fields as JSON (the JSON-file and SQLite
/// examples) use this form.
public struct TaggedFieldValue: Codable, Hashable, Sendable {
    /// The value.
    public var value: FieldValue

    /// The non-finite doubles as the strings `"inf"`, `"-inf"` and `"nan"`, for a `JSONEncoder`.
    public static let nonFiniteEncoding = JSONEncoder.NonConformingFloatEncodingStrategy.convertToString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
    /// The counterpart of ``nonFiniteEncoding`` for a `JSONDecoder`.
    public static let nonFiniteDecoding = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(
        positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")

    /// Wraps a value.
    public init(_ value: FieldValue) {
        self.value = value
    }

    /// Decodes `null` or a `[kind, value]` pair.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is neither null nor an array (for example the
    ///   synthesized form, which a reader of older data may try next), `DecodingError.dataCorrupted` for an
    ///   unknown kind.
    public init(from decoder: any Decoder) throws {
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
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown field value kind \"\(kind)\"")
        }
    }

    /// Encodes `null` or a `[kind, value]` pair.
    ///
    /// - Throws: the encoder's error (a non-finite double needs ``nonFiniteEncoding``).
    public func encode(to encoder: any Encoder) throws {
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
