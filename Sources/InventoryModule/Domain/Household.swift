import Foundation

/// A household: the owner of one inventory journal, its locations and its stock.
public struct Household: Hashable, Sendable, Codable {
    /// The household's id.
    public var id: HouseholdID
    /// The household's display name.
    public var name: String
    /// When the household was first created (the recording time of its first `createHousehold` entry).
    public var createdAt: Date

    /// Creates a household value.
    public init(id: HouseholdID, name: String, createdAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
    }
}
