/// What a product image shows.
public enum ProductImageKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The front of the pack.
    case front
    /// The back of the pack.
    case back
    /// The nutrition table.
    case nutrition
    /// The ingredient list.
    case ingredients
    /// The packaging as a whole.
    case packaging
    /// Anything else.
    case other
}
