import Foundation
import InventoryModule

/// The master data of the household the inventory scale scenarios book: ten locations (two of them freezers), one
/// unit, and 200 products in eight categories, each with the due-date rules, stock unit and default location a
/// household would give it.
enum InventoryHouseholdCatalog {
    /// The household every entry of the scale scenarios belongs to.
    static let household = HouseholdID(rawValue: "bench-scale-home") ?? HouseholdID(UUID())
    /// The one unit: every product is stocked in pieces.
    static let piece = UnitID.derived(name: "piece")
    /// How many products the household buys.
    static let productCount = 200

    /// The household's storage locations; the two freezers are marked as such.
    static let locationNames = [
        "Pantry", "Fridge", "Freezer", "Chest freezer", "Kitchen cupboard", "Cellar", "Spice rack", "Bathroom",
        "Garage", "Basement shelf",
    ]
    /// The freezers among ``locationNames``.
    static let freezerNames: Set<String> = ["Freezer", "Chest freezer"]
    /// The ids of ``locationNames``, in the same order.
    static let locations = locationNames.map { LocationID.derived(household: household, name: $0) }

    /// A kind of product, with the rules its products get.
    struct Category: Sendable {
        /// The category's name (for product notes).
        let name: String
        /// Days until due after purchase, or `nil` for products that never expire.
        let dueDays: Int?
        /// Days a lot keeps once opened.
        let daysAfterOpening: Int?
        /// Days a lot keeps once frozen, and once thawed (products that may go into a freezer).
        let freezing: (frozen: Int, thawed: Int)?
        /// The index in ``InventoryHouseholdCatalog/locations`` of where purchases go.
        let home: Int
        /// The largest amount of one purchase.
        let maximumPurchase: Int
    }

    /// The eight categories; product `i` belongs to `categories[i % 8]`.
    static let categories: [Category] = [
        Category(name: "dairy", dueDays: 10, daysAfterOpening: 4, freezing: nil, home: 1, maximumPurchase: 3),
        Category(name: "produce", dueDays: 7, daysAfterOpening: nil, freezing: nil, home: 4, maximumPurchase: 6),
        Category(name: "meat", dueDays: 3, daysAfterOpening: 1, freezing: (120, 2), home: 1, maximumPurchase: 4),
        Category(name: "frozen", dueDays: 180, daysAfterOpening: 30, freezing: (180, 2), home: 2, maximumPurchase: 4),
        Category(name: "canned", dueDays: 540, daysAfterOpening: 3, freezing: nil, home: 0, maximumPurchase: 6),
        Category(name: "beverages", dueDays: 270, daysAfterOpening: 5, freezing: nil, home: 5, maximumPurchase: 6),
        Category(name: "spices", dueDays: nil, daysAfterOpening: nil, freezing: nil, home: 6, maximumPurchase: 2),
        Category(name: "household", dueDays: nil, daysAfterOpening: nil, freezing: nil, home: 7, maximumPurchase: 3),
    ]

    /// Product `i`'s reference: a GTIN-13 of its own range of ``BenchData/barcode(_:)``.
    static func product(_ index: Int) -> ProductReference {
        guard let reference = ProductReference(rawValue: BenchData.barcode(50_000 + index)) else {
            fatalError("benchmark product reference \(index) is invalid")
        }
        return reference
    }

    /// Every product's reference, by index.
    static let products = (0..<productCount).map(product)
    /// The index of each product reference.
    static let indexes = Dictionary(uniqueKeysWithValues: products.enumerated().map { ($1, $0) })

    /// The category of product `i`.
    static func category(of index: Int) -> Category {
        categories[index % categories.count]
    }

    /// The commands that set the household up: the household, the unit, the locations and every product's settings
    /// (212 journal entries).
    static var setUp: [InventoryCommand] {
        var commands: [InventoryCommand] = [
            .createHousehold(name: "Home"),
            .defineUnit(UnitDefinition(name: "piece", pluralName: "pieces")),
        ]
        commands += locationNames.map { .defineLocation(LocationDefinition(name: $0, isFreezer: freezerNames.contains($0))) }
        commands += (0..<productCount).map { .setProductSettings(settings(of: $0)) }
        return commands
    }

    /// Product `i`'s stock settings.
    static func settings(of index: Int) -> ProductStockSettings {
        let category = category(of: index)
        return ProductStockSettings(
            productID: product(index),
            defaultDueDays: category.dueDays.map { .days($0 + index % 5) } ?? .neverExpires,
            dueDateKind: category.dueDays.map { $0 <= 10 ? .expiry : .bestBefore } ?? .bestBefore,
            dueDaysAfterOpening: category.daysAfterOpening,
            dueDaysAfterFreezing: category.freezing?.frozen,
            dueDaysAfterThawing: category.freezing?.thawed,
            minimumStock: index % 4 == 0 ? Decimal(1 + index % 3) : 0,
            stockUnit: piece,
            defaultLocation: locations[category.home])
    }
}
