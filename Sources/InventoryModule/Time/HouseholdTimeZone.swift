import Foundation

/// The time zone a household lives in, by its IANA identifier (`"Europe/Oslo"`): the calendar on which "today",
/// "due within n days", overdue and expired are evaluated, and on which due-date rules count days.
///
/// A household's zone is what its creator set or what a person changed on purpose, never a side effect of a
/// device's first command:
/// - the household's first `createHousehold` entry in journal order brings the zone it was created in (the
///   deciding device's unless the app names one). A later creation — another device that created the household
///   too before the two synced — renames it and leaves the zone alone, so every device ends on the earlier
///   creation's zone whatever order they sync in;
/// - ``InventoryCommand/setHouseholdTimeZone(_:)`` changes it on purpose, and the last such change in journal
///   order wins over any creation, earlier or later.
///
/// The zone syncs with the journal like other master data, so every device of the household evaluates on the
/// same calendar. A household created before households had a time zone is on ``utc`` until one is set: the
/// calendar earlier versions used.
///
/// Encoded as the identifier string.
public struct HouseholdTimeZone: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The IANA identifier.
    public let identifier: String
    /// The Foundation time zone; UTC when this system does not know the identifier (one synced from a device with
    /// a newer time zone database). Resolved once, when the value is made.
    public let timeZone: TimeZone

    /// UTC: the zone of households that never set one.
    public static let utc = HouseholdTimeZone(resolving: "UTC")

    /// The device's time zone at the moment it is read: the default of a service's households. Read it where the
    /// app is composed; the inventory's evaluation never reads the device's zone itself.
    public static var device: HouseholdTimeZone {
        HouseholdTimeZone(TimeZone.current)
    }

    /// The zone with the given IANA identifier.
    ///
    /// - Throws: ``InventoryError/unknownTimeZone(_:)`` when the system's time zone database does not know it.
    public init(identifier: String) throws(InventoryError) {
        guard let zone = TimeZone(identifier: identifier) else { throw .unknownTimeZone(identifier) }
        self.identifier = zone.identifier
        timeZone = zone
    }

    /// The zone of a Foundation `TimeZone` (its identifier).
    public init(_ timeZone: TimeZone) {
        identifier = timeZone.identifier
        self.timeZone = timeZone
    }

    private init(resolving identifier: String) {
        self.identifier = identifier
        timeZone = TimeZone(identifier: identifier) ?? .gmt
    }

    /// Whether the zone is UTC under one of its names (`UTC`, `GMT`, `Etc/UTC`, …): the zone of a household that
    /// sets none.
    public var isUTC: Bool {
        ["UTC", "GMT", "Etc/UTC", "Etc/GMT", "Etc/Universal", "Universal", "Zulu", "Etc/Zulu", "UCT", "Etc/UCT",
         "GMT0", "Etc/GMT0", "Etc/GMT+0", "Etc/GMT-0", "Greenwich", "Etc/Greenwich"].contains(identifier)
    }

    /// Zones are equal when their identifiers are.
    public static func == (lhs: HouseholdTimeZone, rhs: HouseholdTimeZone) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    /// The identifier.
    public var description: String { identifier }

    /// Decodes the identifier, kept even when this system does not know it.
    ///
    /// - Throws: the decoder's error.
    public init(from decoder: any Decoder) throws {
        self.init(resolving: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the identifier.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }
}
