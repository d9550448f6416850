import Foundation

extension InventoryState {
    /// The over-draws nobody settled yet, in fold order: what the household should look at after a sync.
    ///
    /// The sum of their ``Overdraw/missing`` is what the journal's consumptions (those not undone, nor settled)
    /// asked beyond the stock when they were folded.
    ///
    /// ```swift
    /// for overdraw in state.openOverdraws {
    ///     print(overdraw.productID, overdraw.asked, overdraw.taken, overdraw.author, overdraw.takers.map(\.author))
    /// }
    /// ```
    public var openOverdraws: [Overdraw] {
        overdrawHistory.filter { overdrawSettlements[$0.entryID] == nil }
    }

    /// The over-draw of the consumption entry `entryID`, open or settled, or `nil` when that entry was not short.
    public func overdraw(entry entryID: UUID) -> Overdraw? {
        overdrawHistory.first { $0.entryID == entryID }
    }

    /// How the over-draw of `entryID` was settled, or `nil` while it is open.
    public func settlement(ofOverdraw entryID: UUID) -> OverdrawSettlement? {
        overdrawSettlements[entryID]
    }
}
