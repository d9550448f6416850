/// Whether a lot is still sealed or has been opened.
public enum StockLotStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// Sealed, as purchased.
    case available
    /// Opened: consumed first, and its due date may have been shortened by the product's opening rule.
    case opened
}
