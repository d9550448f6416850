import Foundation

/// A household: the owner of one inventory journal, its locations and its stock.
public struct Household: Hashable, Sendable, Codable {
    /// The household's id.
    public var id: HouseholdID
    /// The household's display name.
    public var name: String
    /// When the household was first created (the recording time of its first `createHousehold` entry).
    public var createdAt: Date
    /// The calendar the household's due dates, views and reminders are evaluated on: the last zone set on purpose
    /// in journal order, else the zone of the household's first creation; ``HouseholdTimeZone/utc`` for households
    /// of earlier versions until one is set.
    public var timeZone: HouseholdTimeZone

    /// Creates a household value.
    public init(id: HouseholdID, name: String, createdAt: Date, timeZone: HouseholdTimeZone = .utc) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.timeZone = timeZone
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, createdAt, timeZone
    }

    /// Decodes a household; one stored by an earlier version, without a time zone, is on UTC.
    ///
    /// - Throws: the decoder's error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(HouseholdID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        timeZone = try container.decodeIfPresent(HouseholdTimeZone.self, forKey: .timeZone) ?? .utc
    }

    /// Encodes the household.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(timeZone, forKey: .timeZone)
    }
}
