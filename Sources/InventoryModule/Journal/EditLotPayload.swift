import Foundation

/// A change to one lot; a `nil` field is left as it is.
///
/// A new location moves the whole lot and applies the freezing or thawing rule unless the edit also sets the due
/// date; opening applies the opening rule unless the edit also sets the due date.
public struct EditLotPayload: Hashable, Sendable, Codable {
    /// The lot changed (an alias resolves to the surviving lot).
    public var lotID: LotID
    /// A new due date (its UTC day is kept), or clear it.
    public var dueDate: ValueEdit<Date>?
    /// A new price per unit, or clear it.
    public var price: ValueEdit<Decimal>?
    /// A new note, or clear it.
    public var note: ValueEdit<String>?
    /// A new location.
    public var locationID: LocationID?
    /// Open (`true`) or reseal (`false`) the lot.
    public var opened: Bool?

    /// Creates a payload.
    public init(
        lotID: LotID, dueDate: ValueEdit<Date>? = nil, price: ValueEdit<Decimal>? = nil,
        note: ValueEdit<String>? = nil, locationID: LocationID? = nil, opened: Bool? = nil
    ) {
        self.lotID = lotID
        self.dueDate = dueDate
        self.price = price
        self.note = note
        self.locationID = locationID
        self.opened = opened
    }

    /// Whether the edit changes nothing.
    public var isEmpty: Bool {
        dueDate == nil && price == nil && note == nil && locationID == nil && opened == nil
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case lotID = "lotId", dueDate, price, note, locationID = "locationId", opened
    }
}
