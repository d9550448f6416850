/// Who a command decided on the server is booked for: the household it changes and the replica its journal entries
/// are authored by, so devices pull them, name who booked them and can undo them.
protocol CommandAuthor: Sendable {
    /// The household the command changes.
    var householdID: HouseholdID { get }
    /// The replica the command's journal entries are authored by (`web:<member id>`, `grocy:<device id>`).
    var replicaName: String { get }
}

extension MemberSession: CommandAuthor {
    /// The member's replica, `web:<member id>`.
    var replicaName: String { memberID.replicaName }
}
