import Foundation

/// Any JSON value: how the server reads a payload it does not decode into one of the kit's types (a
/// ``PushRequest`` built in Swift, a payload the kit's type refuses).
///
/// Numbers are `Decimal`s, read from the number's text and written back digit for digit: a value never passes
/// through `Double` (`0.333333333333333333333333` stays what it is). A number `Decimal` cannot hold — more than
/// 38 significant digits, or a magnitude beyond 10¹²⁷ or below 10⁻¹²⁸, neither of which the kit's types can
/// hold either — does not decode.
///
/// The server never serves a payload through this type: what it stores it serves as stored (``JSONFragment``).
public enum JSONValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, exact.
    case number(Decimal)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])

    /// Decodes any JSON value.
    /// - Throws: `DecodingError` for a number `Decimal` cannot hold.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            // The last candidate, so a number out of Decimal's range reports why.
            self = .number(try container.decode(Decimal.self))
        }
    }

    /// Encodes the value as it came.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value serialized as compact JSON text, with sorted keys.
    /// - Throws: `EncodingError` from the encoder.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Parses JSON text.
    /// - Throws: `DecodingError` when the text is not JSON or holds a number `Decimal` cannot hold.
    public init(jsonText: String) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(jsonText.utf8))
    }
}
