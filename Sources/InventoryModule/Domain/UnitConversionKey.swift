/// The identity of a ``UnitConversion``: its two units and the product it is limited to, if any.
public struct UnitConversionKey: Hashable, Comparable, Sendable, Codable {
    /// The unit converted from.
    public var from: UnitID
    /// The unit converted to.
    public var to: UnitID
    /// The product the conversion is limited to, or `nil` for a global one.
    public var productId: ProductReference?

    /// Creates a key.
    public init(from: UnitID, to: UnitID, productId: ProductReference?) {
        self.from = from
        self.to = to
        self.productId = productId
    }

    /// Orders keys by product (global first), then `from`, then `to`.
    public static func < (lhs: UnitConversionKey, rhs: UnitConversionKey) -> Bool {
        if lhs.productId != rhs.productId {
            guard let left = lhs.productId else { return true }
            guard let right = rhs.productId else { return false }
            return left < right
        }
        if lhs.from != rhs.from { return lhs.from < rhs.from }
        return lhs.to < rhs.to
    }
}
