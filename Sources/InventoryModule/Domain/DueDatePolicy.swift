/// How a product's due date is set on purchase when the purchase names none.
///
/// Encoded as `{"type": "days", "days": 7}` or `{"type": "neverExpires"}`.
public enum DueDatePolicy: Hashable, Sendable, Codable {
    /// Due the given number of calendar days (UTC) after the purchase day.
    case days(Int)
    /// The product never expires: its lots have no due date.
    case neverExpires

    private enum CodingKeys: String, CodingKey {
        case type, days
    }

    /// Decodes `{"type": "days", "days": n}` or `{"type": "neverExpires"}`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, or the days' decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "days": self = .days(try container.decode(Int.self, forKey: .days))
        case "neverExpires": self = .neverExpires
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown due date policy \"\(type)\"")
        }
    }

    /// Encodes `{"type": "days", "days": n}` or `{"type": "neverExpires"}`.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .days(let days):
            try container.encode("days", forKey: .type)
            try container.encode(days, forKey: .days)
        case .neverExpires:
            try container.encode("neverExpires", forKey: .type)
        }
    }
}
