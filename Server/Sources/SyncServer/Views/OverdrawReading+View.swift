import Foundation
import InventoryModule
import InventorySync
import SyncWire

extension OverdrawReading {
    /// The over-draw in the views' vocabulary (`views/overdraws`), its units named by `units`.
    func item(units: (UnitID) -> NamedReference) -> OverdrawsView.Item {
        OverdrawsView.Item(
            entryId: overdraw.entryID.uuidString.lowercased(),
            transactionId: overdraw.transactionID.rawValue.uuidString.lowercased(), author: overdraw.author.rawValue,
            memberName: memberName, at: WireInstant(overdraw.at), productId: overdraw.productID.rawValue,
            title: title, asked: ExactDecimal(overdraw.asked), taken: ExactDecimal(overdraw.taken),
            missing: ExactDecimal(overdraw.missing), unit: units(overdraw.unit), spoiled: overdraw.spoiled,
            takers: takers.map { reading in
                OverdrawsView.Taker(
                    transactionId: reading.taker.transactionID.rawValue.uuidString.lowercased(),
                    entryId: reading.taker.entryID.uuidString.lowercased(), author: reading.taker.author.rawValue,
                    memberName: reading.memberName, at: WireInstant(reading.taker.at),
                    reason: reading.taker.reason.rawValue, amount: reading.amount.map(ExactDecimal.init),
                    unit: reading.unit.map(units))
            })
    }
}
