/// What a household product's label says: usage, safety and materials.
public struct HouseholdDetails: Hashable, Sendable, Codable {
    /// How to use the product.
    public var usageInstructions: [String]?
    /// Safety warnings.
    public var safetyWarnings: [String]?
    /// The materials it is made of.
    public var materials: [String]?

    /// Creates household details; every value defaults to `nil`.
    public init(usageInstructions: [String]? = nil, safetyWarnings: [String]? = nil, materials: [String]? = nil) {
        self.usageInstructions = usageInstructions
        self.safetyWarnings = safetyWarnings
        self.materials = materials
    }
}
