/// Something the household named, by id and by name: a location, a unit, the household itself (the OpenAPI schema
/// `NamedReference`). Scripts match on `id`, which never changes; people read `name`, which may. `name` is absent
/// only when the household's log names an id it never defined (a location removed while a device still booked
/// into it).
public struct NamedReference: Sendable, Hashable, Codable {
    /// The id, as the household's journal spells it.
    public var id: String
    /// The name the household gave it.
    public var name: String?

    /// Creates a reference.
    public init(id: String, name: String?) {
        self.id = id
        self.name = name
    }
}
