import Foundation
import InventoryModule
import Testing

@Suite("Undo: whole transactions, refused while later transactions depend on them")
struct UndoCommandTests {
    @Test("undoing a purchase removes its lot, and the undo is itself a journal entry")
    func undoPurchase() throws {
        var kitchen = try F.kitchen()
        let entries = try kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 2)))
        let transaction = try #require(entries.first?.transactionID)
        let undo = try kitchen.run(.undo(transaction))
        #expect(undo.map(\.operation) == [.undo(transaction)])
        #expect(kitchen.state.lots.isEmpty)
        #expect(kitchen.state.undoneTransactions == [transaction])
        #expect(kitchen.state.transactions[transaction] == nil)
        #expect(kitchen.state == InventoryProjector.project(kitchen.journal))
    }

    @Test("undoing a purchase that was consumed from afterwards is refused, naming the consumption")
    func undoRefused() throws {
        var kitchen = try F.kitchen()
        let purchase = try #require(try kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 2))).first)
        let consumption = try #require(try kitchen.run(.consume(ConsumeRequest(productID: F.milk, amount: 1))).first)
        #expect(throws: InventoryError.undoRefused(purchase.transactionID, dependents: [consumption.transactionID])) {
            try kitchen.decide(.undo(purchase.transactionID))
        }
        try kitchen.run(.undo(consumption.transactionID))
        #expect(kitchen.total(F.milk) == 2)
        try kitchen.run(.undo(purchase.transactionID))
        #expect(kitchen.state.lots.isEmpty)
    }

    @Test("undoing a split transfer restores both linked lots together")
    func undoSplitTransfer() throws {
        var kitchen = try F.kitchen()
        let lot = try kitchen.buy(F.milk, 3)
        let before = kitchen.state.lots
        let transfer = try #require(
            try kitchen.run(
                .transfer(TransferRequest(productID: F.milk, amount: 1, scope: .lot(lot), destination: F.pantry))
            ).first)
        let effect = try #require(kitchen.state.transactions[transfer.transactionID])
        #expect(effect.changedLots.contains(lot) && effect.createdLots.count == 1)
        #expect(kitchen.state.lots.count == 2)
        try kitchen.run(.undo(transfer.transactionID))
        #expect(kitchen.state.lots == before)
    }

    @Test("a purchase and the shopping list removal it made are undone together")
    func undoLinkedEntries() throws {
        var kitchen = try F.kitchen()
        try kitchen.run(.addShoppingListItem(ShoppingListRequest(productID: F.milk)))
        let item = try #require(kitchen.state.shoppingListItems.keys.first)
        let entries = try kitchen.run(
            .purchase(PurchaseRequest(productID: F.milk, amount: 1, shoppingListItemID: item)))
        try kitchen.run(.undo(try #require(entries.first?.transactionID)))
        #expect(kitchen.state.lots.isEmpty)
        #expect(kitchen.state.shoppingListItems.keys.first == item)
    }

    @Test("undo refuses unknown, already undone and master-data transactions")
    func undoRefusals() throws {
        var kitchen = try F.kitchen()
        let unknown = TransactionID(UUID(uuid: (7, 7, 7, 7, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 7)))
        #expect(throws: InventoryError.unknownTransaction(unknown)) { try kitchen.decide(.undo(unknown)) }
        let purchase = try #require(try kitchen.run(.purchase(PurchaseRequest(productID: F.milk, amount: 1))).first)
        let undo = try #require(try kitchen.run(.undo(purchase.transactionID)).first)
        #expect(throws: InventoryError.alreadyUndone(purchase.transactionID)) {
            try kitchen.decide(.undo(purchase.transactionID))
        }
        #expect(throws: InventoryError.notUndoable(undo.transactionID)) {
            try kitchen.decide(.undo(undo.transactionID))
        }
        let unit = try #require(try kitchen.run(.defineUnit(UnitDefinition(name: "cup"))).first)
        #expect(throws: InventoryError.notUndoable(unit.transactionID)) {
            try kitchen.decide(.undo(unit.transactionID))
        }
    }

    @Test("a purchase merged into an earlier lot blocks the earlier purchase's undo once that lot is consumed from")
    func mergeDependencies() throws {
        var kitchen = try F.kitchen()
        let first = try #require(try kitchen.run(.purchase(PurchaseRequest(productID: F.eggs, amount: 6))).first)
        let second = try #require(try kitchen.run(.purchase(PurchaseRequest(productID: F.eggs, amount: 6))).first)
        #expect(kitchen.state.lots.count == 1)
        #expect(kitchen.state.dependents(of: first.transactionID).isEmpty)
        try kitchen.run(.undo(second.transactionID))
        #expect(kitchen.total(F.eggs) == 6)
        let consumption = try #require(try kitchen.run(.consume(ConsumeRequest(productID: F.eggs, amount: 1))).first)
        #expect(kitchen.state.dependents(of: first.transactionID) == [consumption.transactionID])
    }
}
