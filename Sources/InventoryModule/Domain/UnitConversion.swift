import Foundation

/// `1 from = factor × to`, globally or, with `productID`, for one product only (a per-product override).
///
/// ```swift
/// // 1 kg = 1000 g for every product; 1 pack = 6 pieces for one product only.
/// let kg = UnitConversion(from: kilogram, to: gram, factor: 1000)
/// let pack = UnitConversion(from: pack, to: piece, factor: 6, productID: eggs)
/// ```
///
/// The inverse (`1 to = 1/factor × from`) is implied; ``UnitConverter`` chains conversions transitively.
public struct UnitConversion: Hashable, Sendable, Codable {
    /// The unit converted from.
    public var from: UnitID
    /// The unit converted to.
    public var to: UnitID
    /// How many `to` make one `from`; positive.
    public var factor: Decimal
    /// The product the conversion is limited to, or `nil` for a global conversion.
    public var productID: ProductReference?

    /// Creates a conversion value.
    public init(from: UnitID, to: UnitID, factor: Decimal, productID: ProductReference? = nil) {
        self.from = from
        self.to = to
        self.factor = factor
        self.productID = productID
    }

    /// The key under which the state keeps the conversion: a later definition of the same key replaces it.
    public var key: UnitConversionKey {
        UnitConversionKey(from: from, to: to, productID: productID)
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case from, to, factor, productID = "productId"
    }
}
