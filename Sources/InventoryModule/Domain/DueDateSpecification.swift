import Foundation

/// The due date a purchase or a correction asks for: the product's default, a given day, or none.
///
/// Encoded as `{"type": "productDefault"}`, `{"type": "on", "date": …}` or `{"type": "never"}`.
public enum DueDateSpecification: Hashable, Sendable, Codable {
    /// The product's ``ProductStockSettings/defaultDueDays`` from the booking day (no due date without one).
    case productDefault
    /// The given day (its UTC calendar day is kept).
    case on(Date)
    /// No due date: the lot never expires.
    case never

    private enum CodingKeys: String, CodingKey {
        case type, date
    }

    /// Decodes the specification.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, or the date's decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "productDefault": self = .productDefault
        case "on": self = .on(try container.decode(Date.self, forKey: .date))
        case "never": self = .never
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown due date specification \"\(type)\"")
        }
    }

    /// Encodes the specification.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .productDefault: try container.encode("productDefault", forKey: .type)
        case .on(let date):
            try container.encode("on", forKey: .type)
            try container.encode(date, forKey: .date)
        case .never: try container.encode("never", forKey: .type)
        }
    }
}
