import Foundation

/// A change to one lot; a `nil` field is left as it is.
///
/// A new location moves the whole lot and applies the freezing or thawing rule unless the edit also sets the due
/// date; opening applies the opening rule unless the edit also sets the due date.
///
/// A due date is encoded twice: under `dueDay` as a ``CalendarDay`` (`{"type": "set", "value": "2026-03-11"}`),
/// and under `dueDate` as that day's midnight UTC, the form earlier versions read (they keep its UTC day, the same
/// day). An entry of an earlier version has `dueDate` only, and its instant's UTC day is the day.
public struct EditLotPayload: Hashable, Sendable, Codable {
    /// The lot changed (an alias resolves to the surviving lot).
    public var lotID: LotID
    /// A new due date, or clear it.
    public var dueDate: ValueEdit<CalendarDay>?
    /// A new price per unit, or clear it.
    public var price: ValueEdit<Decimal>?
    /// A new note, or clear it.
    public var note: ValueEdit<String>?
    /// A new location.
    public var locationID: LocationID?
    /// Open (`true`) or reseal (`false`) the lot.
    public var opened: Bool?
    /// The day the lot was opened, to back-date an opening: opens a sealed lot (or re-dates an opened one) as of
    /// that day on the household's calendar, and applies the opening rule from it.
    public var openedOn: CalendarDay?
    /// Where the opening day came from (kind ``LotDateKind/openedOn``), with ``openedOn`` or with ``opened``
    /// `true`; the command records ``LotDateSource/typed`` for an ``openedOn`` given without one, and drops one
    /// given without an opening.
    public var openedOnProvenance: LotDateProvenance?
    /// A new packaged-on day (not after today on the household's calendar), or clear it.
    public var packagedOn: ValueEdit<CalendarDay>?
    /// Where a new packaged-on day came from (kind ``LotDateKind/packagedOn``); the command records
    /// ``LotDateSource/typed`` for a day given without one, and drops one given without a new day.
    public var packagedOnProvenance: LotDateProvenance?

    /// Creates a payload.
    public init(
        lotID: LotID, dueDate: ValueEdit<CalendarDay>? = nil, price: ValueEdit<Decimal>? = nil,
        note: ValueEdit<String>? = nil, locationID: LocationID? = nil, opened: Bool? = nil,
        openedOn: CalendarDay? = nil, openedOnProvenance: LotDateProvenance? = nil,
        packagedOn: ValueEdit<CalendarDay>? = nil, packagedOnProvenance: LotDateProvenance? = nil
    ) {
        self.openedOn = openedOn
        self.openedOnProvenance = openedOnProvenance
        self.packagedOn = packagedOn
        self.packagedOnProvenance = packagedOnProvenance
        self.lotID = lotID
        self.dueDate = dueDate
        self.price = price
        self.note = note
        self.locationID = locationID
        self.opened = opened
    }

    /// Whether the edit changes nothing (a provenance alone changes nothing: it describes a day the edit sets).
    public var isEmpty: Bool {
        dueDate == nil && price == nil && note == nil && locationID == nil && opened == nil && openedOn == nil
            && packagedOn == nil
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case lotID = "lotId", dueDay, dueDate, price, note, locationID = "locationId", opened, openedOn
        case openedOnProvenance, packagedOn, packagedOnProvenance
    }

    /// Decodes the payload; a due date of an earlier version (an instant) becomes its UTC day.
    ///
    /// - Throws: the decoder's error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        lotID = try container.decode(LotID.self, forKey: .lotID)
        if let day = try container.decodeIfPresent(ValueEdit<CalendarDay>.self, forKey: .dueDay) {
            dueDate = day
        } else {
            switch try container.decodeIfPresent(ValueEdit<Date>.self, forKey: .dueDate) {
            case .set(let instant)?: dueDate = .set(CalendarDay(utcDayOf: instant))
            case .clear?: dueDate = .clear
            case nil: dueDate = nil
            }
        }
        price = try container.decodeIfPresent(ValueEdit<Decimal>.self, forKey: .price)
        note = try container.decodeIfPresent(ValueEdit<String>.self, forKey: .note)
        locationID = try container.decodeIfPresent(LocationID.self, forKey: .locationID)
        opened = try container.decodeIfPresent(Bool.self, forKey: .opened)
        openedOn = try container.decodeIfPresent(CalendarDay.self, forKey: .openedOn)
        openedOnProvenance = try container.decodeIfPresent(LotDateProvenance.self, forKey: .openedOnProvenance)
        packagedOn = try container.decodeIfPresent(ValueEdit<CalendarDay>.self, forKey: .packagedOn)
        packagedOnProvenance = try container.decodeIfPresent(LotDateProvenance.self, forKey: .packagedOnProvenance)
    }

    /// The due date in the form earlier versions read: the day's midnight UTC as an instant.
    var legacyDueDate: ValueEdit<Date>? {
        dueDate.map { edit in edit.newValue.map { .set($0.utcMidnight) } ?? .clear }
    }

    /// Encodes the payload, the due date in both forms.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(lotID, forKey: .lotID)
        if let dueDate, let legacyDueDate {
            try container.encode(dueDate, forKey: .dueDay)
            try container.encode(legacyDueDate, forKey: .dueDate)
        }
        try container.encodeIfPresent(price, forKey: .price)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(locationID, forKey: .locationID)
        try container.encodeIfPresent(opened, forKey: .opened)
        try container.encodeIfPresent(openedOn, forKey: .openedOn)
        try container.encodeIfPresent(openedOnProvenance, forKey: .openedOnProvenance)
        try container.encodeIfPresent(packagedOn, forKey: .packagedOn)
        try container.encodeIfPresent(packagedOnProvenance, forKey: .packagedOnProvenance)
    }
}
