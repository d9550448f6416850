import Foundation

/// How a product is packed: a structured quantity and unit, a count of items, and the label's text.
///
/// ```swift
/// ProductPackaging(quantity: 1, unit: .l, count: 1, displayText: "1L bottle")
/// ProductPackaging(quantity: 330, unit: .ml, count: 6, displayText: "6 x 330 ml")
/// ```
public struct ProductPackaging: Hashable, Sendable, Codable {
    /// The quantity of one item, in ``unit``; greater than zero when valid.
    public var quantity: Decimal?
    /// The unit of ``quantity``.
    public var unit: PackagingUnit?
    /// The number of items in the pack; at least 1 when valid.
    public var count: Int?
    /// The packaging as printed.
    public var displayText: String?

    /// Creates packaging; every value defaults to `nil`.
    public init(quantity: Decimal? = nil, unit: PackagingUnit? = nil, count: Int? = nil, displayText: String? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.count = count
        self.displayText = displayText
    }
}
