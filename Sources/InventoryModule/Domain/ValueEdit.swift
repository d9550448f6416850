/// A change to an optional field: set it to a value, or clear it. A field that is not changed is `nil`
/// where the edit is held (`ValueEdit<Date>?`).
///
/// Encoded as `{"type": "set", "value": …}` or `{"type": "clear"}`.
public enum ValueEdit<Value: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    /// Set the field to the value.
    case set(Value)
    /// Clear the field.
    case clear

    /// The new value: the set value, or `nil` when cleared.
    public var newValue: Value? {
        if case .set(let value) = self { return value }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case type, value
    }

    /// Decodes the edit.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, or the value's decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "set": self = .set(try container.decode(Value.self, forKey: .value))
        case "clear": self = .clear
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown edit \"\(type)\"")
        }
    }

    /// Encodes the edit.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .set(let value):
            try container.encode("set", forKey: .type)
            try container.encode(value, forKey: .value)
        case .clear: try container.encode("clear", forKey: .type)
        }
    }
}
