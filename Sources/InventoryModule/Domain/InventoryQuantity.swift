import Foundation

/// Rules for amounts, factors and prices: finite, at most 10^12 in magnitude, exact in `Decimal`.
enum InventoryQuantity {
    /// The largest magnitude accepted: 10^12.
    static let maximum = Decimal(sign: .plus, exponent: 12, significand: 1)

    /// The number of fractional digits a converted amount is rounded to (conversions through an implied inverse
    /// such as 1/3 do not terminate).
    static let conversionScale = 9

    /// Whether `value` is a number (not NaN) no larger than ``maximum`` in magnitude.
    static func isValid(_ value: Decimal) -> Bool {
        !value.isNaN && value.isFinite && abs(value) <= maximum
    }

    /// `value` rounded to ``conversionScale`` fractional digits (half away from zero).
    static func rounded(_ value: Decimal) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, conversionScale, .plain)
        return result
    }

    /// `amount` × `factor`, rounded to ``conversionScale`` digits unless the factor is exactly 1.
    static func scaled(_ amount: Decimal, by factor: Decimal) -> Decimal {
        factor == 1 ? amount : rounded(amount * factor)
    }
}
