/// Where a product stands in its lifecycle.
public enum ProductStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// In use.
    case active
    /// Not yet complete or confirmed.
    case draft
    /// No longer in use, kept for history.
    case archived
    /// Withheld from use, for example for a recall.
    case blocked
}
