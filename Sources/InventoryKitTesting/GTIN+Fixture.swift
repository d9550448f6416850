import InventoryKit

extension GTIN {
    /// The text of a valid EAN-13 numbered `number` (0 to 99,999,999,999; a larger one is taken modulo 10¹¹), for
    /// test data: 4, the number in eleven digits, and the check digit. It never starts with five zeros, which would
    /// make it an EAN-8 in thirteen digits.
    ///
    /// ```swift
    /// GTIN.fixtureEAN13(1)   // "4000000000013"
    /// ```
    public static func fixtureEAN13(_ number: Int) -> String {
        let body = String(400_000_000_000 + number % 100_000_000_000)
        return body + String(checkDigit(for: body) ?? 0)
    }
}
