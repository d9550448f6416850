/// A storage location as Grocy's `objects/locations` spells it.
struct GrocyLocation: Encodable, Sendable {
    var id: Int32
    var name: String
    var isFreezer: Bool
    var created: String

    private enum CodingKeys: String, CodingKey {
        case id, name, description, isFreezer = "is_freezer", active, created = "row_created_timestamp"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeNil(forKey: .description)
        try container.encode(isFreezer ? 1 : 0, forKey: .isFreezer)
        try container.encode(1, forKey: .active)
        try container.encode(created, forKey: .created)
    }
}
