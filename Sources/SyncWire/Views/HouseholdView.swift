/// What every view starts with: the vocabulary's version, the household, and which state of it the view shows.
/// ``StockView``, ``DueView``, ``BelowMinimumView``, ``ShoppingListView`` and ``OverdrawsView`` conform.
public protocol HouseholdView: Sendable, Hashable, Codable {
    /// ``HouseholdViewVocabulary/version`` of the writer.
    var version: Int { get }
    /// The household, by id and name.
    var household: NamedReference { get }
    /// When the state the view shows was folded.
    var asOf: WireInstant { get }
    /// The household log's change the view reflects, when the server wrote it; a device leaves it out.
    var seq: Int64? { get }
}
