/// What a food or beverage label says: ingredients, allergens, serving and nutrition.
public struct FoodDetails: Hashable, Sendable, Codable {
    /// The ingredients, in label order.
    public var ingredients: [String]?
    /// The declared allergens.
    public var allergens: [String]?
    /// The serving size as printed, such as `"200ml"`.
    public var servingSize: String?
    /// Nutrition values per 100 g or 100 ml.
    public var nutritionPer100gOrMl: NutritionFacts?
    /// The quantity as printed, such as `"1 L"`.
    public var quantityText: String?
    /// The number of items as printed, such as `"6 x 330 ml"`.
    public var numberOfItemsText: String?

    /// Creates food details; every value defaults to `nil`.
    public init(
        ingredients: [String]? = nil, allergens: [String]? = nil, servingSize: String? = nil,
        nutritionPer100gOrMl: NutritionFacts? = nil, quantityText: String? = nil, numberOfItemsText: String? = nil
    ) {
        self.ingredients = ingredients
        self.allergens = allergens
        self.servingSize = servingSize
        self.nutritionPer100gOrMl = nutritionPer100gOrMl
        self.quantityText = quantityText
        self.numberOfItemsText = numberOfItemsText
    }
}
