import Foundation

/// The due date a purchase or a correction asks for: the product's default, a given day, or none.
///
/// Encoded as `{"type": "productDefault"}`, `{"type": "on", "day": "2026-03-11", "date": …}` or
/// `{"type": "never"}`. An `on` specification carries the day twice: `day` for this version, and `date`, the
/// day's midnight UTC as an instant, for readers of earlier versions (which kept an instant's UTC day, so they
/// read the same day). An entry written by an earlier version has `date` only: its UTC day is the day.
public enum DueDateSpecification: Hashable, Sendable, Codable {
    /// The product's ``ProductStockSettings/defaultDueDays`` from the booking day on the household's calendar
    /// (no due date without one).
    case productDefault
    /// The given calendar day.
    case on(CalendarDay)
    /// No due date: the lot never expires.
    case never

    private enum CodingKeys: String, CodingKey {
        case type, day, date
    }

    /// Decodes the specification.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, or the day's decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "productDefault": self = .productDefault
        case "on":
            if let day = try container.decodeIfPresent(CalendarDay.self, forKey: .day) {
                self = .on(day)
            } else {
                self = .on(CalendarDay(utcDayOf: try container.decode(Date.self, forKey: .date)))
            }
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
        case .on(let day):
            try container.encode("on", forKey: .type)
            try container.encode(day, forKey: .day)
            try container.encode(day.utcMidnight, forKey: .date)
        case .never: try container.encode("never", forKey: .type)
        }
    }
}
