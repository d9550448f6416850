/// Category-specific details of a product, one case per kind of label.
///
/// Encoded as `{"type": "food", "value": {…}}`; `value` is left out when the case holds `nil`. The type names
/// are the case names: `food`, `beverage`, `household`, `personalCare`, `collectible`, `other`. Decoding an
/// unknown type fails rather than dropping the details, so an older client never overwrites a newer one's data.
public enum ProductDetails: Hashable, Sendable, Codable {
    /// Food label details.
    case food(FoodDetails?)
    /// Beverage label details (the same shape as food).
    case beverage(FoodDetails?)
    /// Household product details.
    case household(HouseholdDetails?)
    /// Personal care product details.
    case personalCare(PersonalCareDetails?)
    /// Retro software and hardware details.
    case collectible(CollectibleDetails?)
    /// Details of any other product.
    case other(UnknownDetails?)

    /// The case's stable name, as encoded in `type`.
    public var typeName: String {
        switch self {
        case .food: "food"
        case .beverage: "beverage"
        case .household: "household"
        case .personalCare: "personalCare"
        case .collectible: "collectible"
        case .other: "other"
        }
    }

    /// The food or beverage details, when the case is one of those.
    public var foodDetails: FoodDetails? {
        switch self {
        case .food(let details), .beverage(let details): details
        default: nil
        }
    }

    /// The collectible details, when the case is ``collectible(_:)``.
    public var collectibleDetails: CollectibleDetails? {
        if case .collectible(let details) = self { return details }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case type, value
    }

    /// Decodes `{"type": …, "value": …}`; a missing or null `value` decodes as `nil` details.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, or the value's decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "food": self = .food(try container.decodeIfPresent(FoodDetails.self, forKey: .value))
        case "beverage": self = .beverage(try container.decodeIfPresent(FoodDetails.self, forKey: .value))
        case "household": self = .household(try container.decodeIfPresent(HouseholdDetails.self, forKey: .value))
        case "personalCare":
            self = .personalCare(try container.decodeIfPresent(PersonalCareDetails.self, forKey: .value))
        case "collectible":
            self = .collectible(try container.decodeIfPresent(CollectibleDetails.self, forKey: .value))
        case "other": self = .other(try container.decodeIfPresent(UnknownDetails.self, forKey: .value))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown product details type \"\(type)\"")
        }
    }

    /// Encodes `{"type": …, "value": …}`, leaving `value` out when the details are `nil`.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(typeName, forKey: .type)
        switch self {
        case .food(let details), .beverage(let details): try container.encodeIfPresent(details, forKey: .value)
        case .household(let details): try container.encodeIfPresent(details, forKey: .value)
        case .personalCare(let details): try container.encodeIfPresent(details, forKey: .value)
        case .collectible(let details): try container.encodeIfPresent(details, forKey: .value)
        case .other(let details): try container.encodeIfPresent(details, forKey: .value)
        }
    }
}
