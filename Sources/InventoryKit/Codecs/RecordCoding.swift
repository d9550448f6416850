import Foundation

/// The one encoding the kit uses for record payloads: JSON with sorted keys, exact dates.
///
/// Sorted keys make equal values encode to equal bytes, so replicas can be compared byte for byte. Dates are
/// encoded as seconds since 2001-01-01 with full precision, so they round-trip exactly.
public enum RecordCoding {
    /// Encodes a value.
    ///
    /// - Throws: the encoder's `EncodingError`.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        // Records written often write themselves, to the same bytes (their tests hold the two paths equal).
        if let writable = value as? any RecordJSONWritable {
            var writer = RecordJSONWriter(capacity: 1_024)
            try writable.write(to: &writer)
            return writer.data
        }
        return try encodeWithFoundation(value)
    }

    /// Encodes a value with `JSONEncoder`, never through ``RecordJSONWritable``: what a hand-written encoding is
    /// checked against, and what it writes nested values it does not write itself with.
    ///
    /// - Throws: the encoder's `EncodingError`.
    package static func encodeWithFoundation<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        encoder.nonConformingFloatEncodingStrategy = .throw
        return try encoder.encode(value)
    }

    /// Decodes a value.
    ///
    /// - Throws: the decoder's `DecodingError`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        // Records read often read themselves; whatever such a reader leaves (anything unusual, anything invalid)
        // `JSONDecoder` decodes or refuses below (their tests hold the two paths equal).
        if let readable = type as? any RecordJSONReadable.Type,
            let value = RecordJSONReader.read(data, { readable.read(from: &$0) }) as? T
        {
            return value
        }
        return try decodeWithFoundation(type, from: data)
    }

    /// Decodes a value with `JSONDecoder`, never through ``RecordJSONReadable``: what a hand-written reading is
    /// checked against.
    ///
    /// - Throws: the decoder's `DecodingError`.
    package static func decodeWithFoundation<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        decoder.userInfo[.uuidsAreText] = true
        return try decoder.decode(type, from: data)
    }

    /// A one-line account of a coding error, naming the coding path.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context):
            return "data corrupted at \(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.keyNotFound(let key, let context):
            return "missing key \(key.stringValue) at \(path(context.codingPath))"
        case DecodingError.typeMismatch(let type, let context):
            return "expected \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case DecodingError.valueNotFound(let type, let context):
            return "missing \(type) value at \(path(context.codingPath))"
        default:
            return String(describing: error)
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "the top level" : codingPath.map(\.stringValue).joined(separator: ".")
    }
}
