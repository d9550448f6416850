import InventoryKit
import InventoryKitTesting

/// The chaos tests' draws, on the kit's seeded generator so a seed replays the same run.
extension SeededRandomNumberGenerator {
    /// True with probability `chance`.
    mutating func chance(_ chance: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < chance
    }

    /// A valid EAN-13 starting with 4 (check digit computed by the kit), as a scanner would read it.
    mutating func ean13() -> String {
        let body = "4" + (0..<11).map { _ in String(Int.random(in: 0...9, using: &self)) }.joined()
        return body + String(GTIN.checkDigit(for: body) ?? 0)
    }
}
