/// The identity of a ``UnitConversion``: its two units and the product it is limited to, if any.
public struct UnitConversionKey: Hashable, Comparable, Sendable, Codable {
    /// The unit converted from.
    public var from: UnitID
    /// The unit converted to.
    public var to: UnitID
    /// The product the conversion is limited to, or `nil` for a global one.
    public var productID: ProductReference?

    /// Creates a key.
    public init(from: UnitID, to: UnitID, productID: ProductReference?) {
        self.from = from
        self.to = to
        self.productID = productID
    }

    /// Orders keys by product (global first), then `from`, then `to`.
    public static func < (lhs: UnitConversionKey, rhs: UnitConversionKey) -> Bool {
        if lhs.productID != rhs.productID {
            guard let left = lhs.productID else { return true }
            guard let right = rhs.productID else { return false }
            return left < right
        }
        if lhs.from != rhs.from { return lhs.from < rhs.from }
        return lhs.to < rhs.to
    }

    /// The keys of the stored and transmitted form (kept when a property is renamed).
    private enum CodingKeys: String, CodingKey {
        case from, to, productID = "productId"
    }
}
