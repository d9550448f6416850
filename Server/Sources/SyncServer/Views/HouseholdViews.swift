import Foundation
import InventoryModule

/// The answers of the views (`GET /v1/households/{id}/views/…`), each naming the `seq` of the log it reflects and
/// when the replica folded it. Amounts are the kit's `Decimal`s, written with every digit.
enum HouseholdViews {
    /// `views/stock`: what is in stock, location by location.
    struct Stock: Encodable, Sendable {
        let seq: Int64
        let foldedAt: Date
        let locations: [Location]

        /// One location and the stock directly in it.
        struct Location: Encodable, Sendable {
            let locationId: String
            let name: String?
            let parentId: String?
            let products: [Product]
        }

        /// One product's stock at a location.
        struct Product: Encodable, Sendable {
            let productId: String
            let title: String?
            /// The total in `unit` when every lot converts to it; `nil` otherwise (see `amountsByUnit`).
            let total: Decimal?
            let unit: String?
            let amountsByUnit: [String: Decimal]
            let lots: [ViewLot]
        }
    }

    /// `views/due`: due soon, overdue (best before passed) and expired lots, on the household's calendar days.
    struct Due: Encodable, Sendable {
        let seq: Int64
        let foldedAt: Date
        /// Today on the household's calendar (`YYYY-MM-DD`, in its time zone).
        let today: String
        /// The due-soon window in days (a product's own setting overrides it).
        let days: Int
        let dueSoon: [ViewLot]
        let overdue: [ViewLot]
        let expired: [ViewLot]
    }

    /// `views/below-minimum`: products whose stock is under their minimum.
    struct BelowMinimum: Encodable, Sendable {
        let seq: Int64
        let foldedAt: Date
        let shortfalls: [Shortfall]

        /// One product under its minimum.
        struct Shortfall: Encodable, Sendable {
            let productId: String
            let title: String?
            let minimum: Decimal
            let current: Decimal
            let missing: Decimal
            let unit: String?
        }
    }

    /// `views/shopping-list`: the household's shopping list, items written by members and products under their
    /// minimum.
    struct ShoppingList: Encodable, Sendable {
        let seq: Int64
        let foldedAt: Date
        let entries: [Entry]

        /// One line of the list.
        struct Entry: Encodable, Sendable {
            let source: String
            let itemId: String?
            let productId: String?
            let title: String?
            let note: String
            let amount: Decimal?
            let unit: String?
            let missingAmount: Decimal?
        }
    }
}
