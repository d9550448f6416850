/// What a personal care product's label says: directions, ingredients, warnings and skin types.
public struct PersonalCareDetails: Hashable, Sendable, Codable {
    /// How to use the product.
    public var usageDirections: [String]?
    /// The ingredients, in label order.
    public var ingredients: [String]?
    /// Warnings.
    public var warnings: [String]?
    /// The skin types it is meant for.
    public var skinType: [String]?

    /// Creates personal care details; every value defaults to `nil`.
    public init(
        usageDirections: [String]? = nil, ingredients: [String]? = nil, warnings: [String]? = nil,
        skinType: [String]? = nil
    ) {
        self.usageDirections = usageDirections
        self.ingredients = ingredients
        self.warnings = warnings
        self.skinType = skinType
    }
}
