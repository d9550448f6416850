import Foundation

extension UUID {
    /// A deterministic UUID numbered `fixtureNumber`, for test data: `00000000-0000-4000-8000-` and the number's
    /// twelve decimal digits, so its text shows the number and sorts in number order.
    ///
    /// ```swift
    /// UUID(fixtureNumber: 42).uuidString   // "00000000-0000-4000-8000-000000000042"
    /// ```
    ///
    /// - Parameter fixtureNumber: A number from 0 to 999,999,999,999; any other number is taken modulo 10¹².
    public init(fixtureNumber: Int) {
        let modulus = 1_000_000_000_000
        var rest = (fixtureNumber % modulus + modulus) % modulus
        var digits = [UInt8](repeating: 0, count: 12)
        for index in digits.indices.reversed() {
            digits[index] = UInt8(rest % 10)
            rest /= 10
        }
        func byte(_ pair: Int) -> UInt8 { digits[2 * pair] << 4 | digits[2 * pair + 1] }
        self.init(uuid: (0, 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, byte(0), byte(1), byte(2), byte(3), byte(4), byte(5)))
    }
}
