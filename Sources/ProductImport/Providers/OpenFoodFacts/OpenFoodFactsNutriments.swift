import Foundation

/// The per-100 g (or 100 ml) nutrition values of an Open Food Facts record (`nutriments`), as the provider
/// writes them.
///
/// Open Food Facts stores `energy_100g` in kJ, sodium and salt in grams. Values written as strings (`"0"`,
/// `"0,5"`) are read as numbers; other wrong types are left out with a warning (see `decodingWarnings`).
public struct OpenFoodFactsNutriments: Hashable, Sendable, Codable {
    /// `energy-kcal_100g`.
    public var energyKcal: Double?
    /// `energy-kj_100g`.
    public var energyKJ: Double?
    /// `energy_100g`: energy in kJ (older records have only this).
    public var energy: Double?
    /// `fat_100g`, in grams.
    public var fat: Double?
    /// `saturated-fat_100g`, in grams.
    public var saturatedFat: Double?
    /// `carbohydrates_100g`, in grams.
    public var carbohydrates: Double?
    /// `sugars_100g`, in grams.
    public var sugars: Double?
    /// `fiber_100g`, in grams.
    public var fiber: Double?
    /// `proteins_100g`, in grams.
    public var proteins: Double?
    /// `salt_100g`, in grams.
    public var salt: Double?
    /// `sodium_100g`, in grams.
    public var sodium: Double?
    /// What decoding noticed (values of the wrong type); not encoded.
    public var decodingWarnings: [ImportWarning] = []

    /// Creates nutriments; every value defaults to `nil`.
    public init(
        energyKcal: Double? = nil, energyKJ: Double? = nil, energy: Double? = nil, fat: Double? = nil,
        saturatedFat: Double? = nil, carbohydrates: Double? = nil, sugars: Double? = nil, fiber: Double? = nil,
        proteins: Double? = nil, salt: Double? = nil, sodium: Double? = nil
    ) {
        self.energyKcal = energyKcal
        self.energyKJ = energyKJ
        self.energy = energy
        self.fat = fat
        self.saturatedFat = saturatedFat
        self.carbohydrates = carbohydrates
        self.sugars = sugars
        self.fiber = fiber
        self.proteins = proteins
        self.salt = salt
        self.sodium = sodium
    }

    /// Whether no value is present.
    public var isEmpty: Bool {
        [energyKcal, energyKJ, energy, fat, saturatedFat, carbohydrates, sugars, fiber, proteins, salt, sodium]
            .allSatisfy { $0 == nil }
    }

    private enum CodingKeys: String, CodingKey, CaseIterable {
        case energyKcal = "energy-kcal_100g"
        case energyKJ = "energy-kj_100g"
        case energy = "energy_100g"
        case fat = "fat_100g"
        case saturatedFat = "saturated-fat_100g"
        case carbohydrates = "carbohydrates_100g"
        case sugars = "sugars_100g"
        case fiber = "fiber_100g"
        case proteins = "proteins_100g"
        case salt = "salt_100g"
        case sodium = "sodium_100g"
    }

    /// The members ``init(json:)`` reads: parsing a `nutriments` object through this filter gives the same values
    /// as parsing it whole.
    static let memberFilter = JSONMemberFilter(names: Set(CodingKeys.allCases.map(\.rawValue)))

    /// Reads the values from a `nutriments` object, each on its own.
    init(json object: [String: JSONValue]) {
        var reader = LenientObjectReader(object, prefix: "nutriments.")
        energyKcal = reader.number(CodingKeys.energyKcal.rawValue)
        energyKJ = reader.number(CodingKeys.energyKJ.rawValue)
        energy = reader.number(CodingKeys.energy.rawValue)
        fat = reader.number(CodingKeys.fat.rawValue)
        saturatedFat = reader.number(CodingKeys.saturatedFat.rawValue)
        carbohydrates = reader.number(CodingKeys.carbohydrates.rawValue)
        sugars = reader.number(CodingKeys.sugars.rawValue)
        fiber = reader.number(CodingKeys.fiber.rawValue)
        proteins = reader.number(CodingKeys.proteins.rawValue)
        salt = reader.number(CodingKeys.salt.rawValue)
        sodium = reader.number(CodingKeys.sodium.rawValue)
        decodingWarnings = reader.warnings
    }

    /// Decodes tolerantly: a value of the wrong type is left out and noted in `decodingWarnings`.
    ///
    /// - Throws: `DecodingError` only when the input is not a JSON object at all.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard let object = value.objectValue else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "nutriments must be an object"))
        }
        self.init(json: object)
    }

    /// Encodes the values under Open Food Facts' keys.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(energyKcal, forKey: .energyKcal)
        try container.encodeIfPresent(energyKJ, forKey: .energyKJ)
        try container.encodeIfPresent(energy, forKey: .energy)
        try container.encodeIfPresent(fat, forKey: .fat)
        try container.encodeIfPresent(saturatedFat, forKey: .saturatedFat)
        try container.encodeIfPresent(carbohydrates, forKey: .carbohydrates)
        try container.encodeIfPresent(sugars, forKey: .sugars)
        try container.encodeIfPresent(fiber, forKey: .fiber)
        try container.encodeIfPresent(proteins, forKey: .proteins)
        try container.encodeIfPresent(salt, forKey: .salt)
        try container.encodeIfPresent(sodium, forKey: .sodium)
    }
}
