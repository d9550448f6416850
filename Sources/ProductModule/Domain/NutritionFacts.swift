/// Nutrition values per 100 g or 100 ml; every value is optional, finite and not negative when valid.
public struct NutritionFacts: Hashable, Sendable, Codable {
    /// Energy, in kilocalories.
    public var energyKcal: Double?
    /// Protein, in grams.
    public var proteinG: Double?
    /// Fat, in grams.
    public var fatG: Double?
    /// Saturated fat, in grams.
    public var saturatedFatG: Double?
    /// Carbohydrates, in grams.
    public var carbsG: Double?
    /// Sugars, in grams.
    public var sugarsG: Double?
    /// Fibre, in grams.
    public var fiberG: Double?
    /// Salt, in grams.
    public var saltG: Double?
    /// Sodium, in milligrams.
    public var sodiumMg: Double?

    /// Creates nutrition facts; every value defaults to `nil`.
    public init(
        energyKcal: Double? = nil, proteinG: Double? = nil, fatG: Double? = nil, saturatedFatG: Double? = nil,
        carbsG: Double? = nil, sugarsG: Double? = nil, fiberG: Double? = nil, saltG: Double? = nil,
        sodiumMg: Double? = nil
    ) {
        self.energyKcal = energyKcal
        self.proteinG = proteinG
        self.fatG = fatG
        self.saturatedFatG = saturatedFatG
        self.carbsG = carbsG
        self.sugarsG = sugarsG
        self.fiberG = fiberG
        self.saltG = saltG
        self.sodiumMg = sodiumMg
    }

    /// Every value with its field name, in declaration order.
    var namedValues: [(name: String, value: Double?)] {
        [
            ("energyKcal", energyKcal), ("proteinG", proteinG), ("fatG", fatG), ("saturatedFatG", saturatedFatG),
            ("carbsG", carbsG), ("sugarsG", sugarsG), ("fiberG", fiberG), ("saltG", saltG), ("sodiumMg", sodiumMg),
        ]
    }
}
