/// Why stock left the inventory.
public enum ConsumptionReason: String, Hashable, Sendable, Codable, CaseIterable {
    /// Used.
    case consumed
    /// Thrown away.
    case spoiled
    /// Booked out by a stock correction.
    case corrected
}
