import Foundation

extension CommandDecision {
    /// `dismissOverdraw`: an over-draw the state recorded and nobody settled yet.
    func dismissOverdraw(_ entryID: UUID) throws(InventoryError) -> [InventoryOperation] {
        try requireOpenOverdraw(entryID)
        return [.dismissOverdraw(entryID)]
    }

    /// The ids of the over-draws a correction of `product` settles, each once, in the order given: every one open
    /// and of the product.
    ///
    /// - Throws: ``InventoryError/unknownOverdraw(_:)``, ``InventoryError/overdrawAlreadySettled(_:by:)`` or
    ///   ``InventoryError/overdrawProductMismatch(_:overdrawn:corrected:)``.
    func openOverdraws(_ entryIDs: [UUID], of product: ProductReference) throws(InventoryError) -> [UUID] {
        var seen: Set<UUID> = []
        var ids: [UUID] = []
        for id in entryIDs where seen.insert(id).inserted {
            let overdraw = try requireOpenOverdraw(id)
            guard overdraw.productID == product else {
                throw .overdrawProductMismatch(id, overdrawn: overdraw.productID, corrected: product)
            }
            ids.append(id)
        }
        return ids
    }

    /// The open over-draw of `entryID`.
    ///
    /// - Throws: ``InventoryError/unknownOverdraw(_:)`` or ``InventoryError/overdrawAlreadySettled(_:by:)``.
    @discardableResult
    private func requireOpenOverdraw(_ entryID: UUID) throws(InventoryError) -> Overdraw {
        guard let overdraw = state.overdraw(entry: entryID) else { throw .unknownOverdraw(entryID) }
        if let settlement = state.settlement(ofOverdraw: entryID) {
            throw .overdrawAlreadySettled(entryID, by: settlement.transactionID)
        }
        return overdraw
    }
}
