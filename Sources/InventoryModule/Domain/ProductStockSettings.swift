import Foundation

/// How the household stocks one product: due-date rules, minimum stock, stock unit and default location.
///
/// Set with the `setProductSettings` operation; a later setting replaces the whole value. A product without
/// settings has no default due date, no minimum stock and the default due-soon window.
public struct ProductStockSettings: Hashable, Sendable, Codable {
    /// The product the settings are for.
    public var productID: ProductReference
    /// The due date given to a purchase that names none, or `nil` for no due date.
    public var defaultDueDays: DueDatePolicy?
    /// Whether the product's due dates are best-before or expiry dates.
    public var dueDateKind: DueDateKind
    /// Days a lot keeps after opening: opening sets due = min(due, opened day + days).
    public var dueDaysAfterOpening: Int?
    /// Days a lot keeps once moved into a freezer: due = day of the move + days.
    public var dueDaysAfterFreezing: Int?
    /// Days a lot keeps once moved out of a freezer: due = day of the move + days.
    public var dueDaysAfterThawing: Int?
    /// The amount (in ``stockUnit``) below which the product goes on the shopping list; zero for none.
    public var minimumStock: Decimal
    /// The product's own due-soon window in days, overriding the window a view is asked for.
    public var dueSoonDays: Int?
    /// The unit in which totals are shown and which purchases default to.
    public var stockUnit: UnitID?
    /// Where purchases go when they name no location.
    public var defaultLocation: LocationID?

    /// Creates settings; every rule defaults to "none".
    public init(
        productID: ProductReference,
        defaultDueDays: DueDatePolicy? = nil,
        dueDateKind: DueDateKind = .bestBefore,
        dueDaysAfterOpening: Int? = nil,
        dueDaysAfterFreezing: Int? = nil,
        dueDaysAfterThawing: Int? = nil,
        minimumStock: Decimal = 0,
        dueSoonDays: Int? = nil,
        stockUnit: UnitID? = nil,
        defaultLocation: LocationID? = nil
    ) {
        self.productID = productID
        self.defaultDueDays = defaultDueDays
        self.dueDateKind = dueDateKind
        self.dueDaysAfterOpening = dueDaysAfterOpening
        self.dueDaysAfterFreezing = dueDaysAfterFreezing
        self.dueDaysAfterThawing = dueDaysAfterThawing
        self.minimumStock = minimumStock
        self.dueSoonDays = dueSoonDays
        self.stockUnit = stockUnit
        self.defaultLocation = defaultLocation
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case productID = "productId", defaultDueDays, dueDateKind, dueDaysAfterOpening, dueDaysAfterFreezing, dueDaysAfterThawing, minimumStock, dueSoonDays, stockUnit, defaultLocation
    }
}
