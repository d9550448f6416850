/// Lots due soon, overdue (best before passed) and expired, on the household's calendar
/// (`GET /v1/households/{id}/views/due`, `pantry due --json`; the OpenAPI schema `DueView`).
public struct DueView: HouseholdView {
    public var version: Int
    public var household: NamedReference
    public var asOf: WireInstant
    public var seq: Int64?
    /// Today on the household's calendar, in its time zone (`YYYY-MM-DD`).
    public var today: String
    /// The due-soon window in days (a product's own setting overrides it).
    public var days: Int
    /// Lots due within the window, first due first.
    public var dueSoon: [ViewLot]
    /// Lots whose best-before day has passed.
    public var overdue: [ViewLot]
    /// Lots whose expiry day has passed.
    public var expired: [ViewLot]

    /// Creates a view of the current version.
    public init(
        household: NamedReference, asOf: WireInstant, seq: Int64?, today: String, days: Int, dueSoon: [ViewLot],
        overdue: [ViewLot], expired: [ViewLot]
    ) {
        self.version = HouseholdViewVocabulary.version
        self.household = household
        self.asOf = asOf
        self.seq = seq
        self.today = today
        self.days = days
        self.dueSoon = dueSoon
        self.overdue = overdue
        self.expired = expired
    }
}
