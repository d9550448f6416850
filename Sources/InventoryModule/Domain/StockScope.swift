/// Where an operation takes stock of a product from: anywhere in the household, one location, or one lot.
///
/// Encoded as `{"type": "household"}`, `{"type": "location", "id": …}` or `{"type": "lot", "id": …}`.
public enum StockScope: Hashable, Sendable, Codable {
    /// Every lot of the product in the household.
    case household
    /// The product's lots at one location (not its sublocations).
    case location(LocationID)
    /// One lot (an alias of a merged lot resolves to the surviving lot).
    case lot(LotID)

    private enum CodingKeys: String, CodingKey {
        case type, id
    }

    /// Decodes the scope.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, or the id's decoding error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "household": self = .household
        case "location": self = .location(try container.decode(LocationID.self, forKey: .id))
        case "lot": self = .lot(try container.decode(LotID.self, forKey: .id))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown stock scope \"\(type)\"")
        }
    }

    /// Encodes the scope.
    ///
    /// - Throws: the encoder's error.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .household: try container.encode("household", forKey: .type)
        case .location(let id):
            try container.encode("location", forKey: .type)
            try container.encode(id, forKey: .id)
        case .lot(let id):
            try container.encode("lot", forKey: .type)
            try container.encode(id, forKey: .id)
        }
    }
}
