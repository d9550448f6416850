/// A quantity unit as Grocy's `objects/quantity_units` spells it.
struct GrocyQuantityUnit: Encodable, Sendable {
    var id: Int32
    var name: String
    var pluralName: String?
    var created: String

    private enum CodingKeys: String, CodingKey {
        case id, name, pluralName = "name_plural", description, active, created = "row_created_timestamp"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(pluralName ?? name, forKey: .pluralName)
        try container.encodeNil(forKey: .description)
        try container.encode(1, forKey: .active)
        try container.encode(created, forKey: .created)
    }
}
