/// The device whose token a Grocy client sent as its `GROCY-API-KEY`: the household its calls read and change, and
/// the author of the commands they book (`grocy:<device id>`), so devices pull them and can undo them.
struct GrocyKey: CommandAuthor, Hashable {
    let householdID: HouseholdID
    let deviceID: DeviceID

    var replicaName: String { "grocy:\(deviceID.description)" }
}
