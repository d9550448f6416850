import Foundation

/// Which checkpoint a store holds: the household, the journal position its state covers, and how many entries
/// that state has seen — without the state itself, so a store can list its checkpoints cheaply.
public struct InventoryCheckpointMark: Hashable, Sendable, Codable {
    /// The household whose state it is.
    public var householdID: HouseholdID
    /// The order key of the last entry the state folded (``InventoryState/lastAppliedOrderKey``): the state is the
    /// fold of every entry of the journal that sorts at or before it.
    public var orderKey: InventoryJournalOrderKey
    /// How many entries the state has seen (``InventoryState/appliedEntryIDs``), which spaces checkpoints out.
    public var entryCount: Int

    /// Creates a mark.
    public init(householdID: HouseholdID, orderKey: InventoryJournalOrderKey, entryCount: Int) {
        self.householdID = householdID
        self.orderKey = orderKey
        self.entryCount = entryCount
    }

    private enum CodingKeys: String, CodingKey {
        case householdID = "householdId", orderKey, entryCount
    }
}
