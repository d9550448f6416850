import Foundation
import InventoryKit
import InventoryModule
import InventorySync

/// One transaction of the household's journal as `pantry history` shows it: who booked it and when, what it did,
/// and what `pantry undo` would do with it.
struct HistoryLine: Encodable {
    /// The id `pantry undo` takes.
    var transactionId: String
    /// When it was booked (the first entry's time).
    var at: Date
    /// The pantry (replica) that booked it: its store's folder name.
    var author: String
    /// Whether this pantry booked it.
    var byThisPantry: Bool
    /// What it did, e.g. `bought Milk [4006381333931] 3 pieces into Fridge`.
    var did: String
    /// Whether it has been undone.
    var undone: Bool
    /// Whether `pantry undo` would take it back now.
    var undoable: Bool
    /// What `pantry undo` would do, or why it would refuse.
    var undo: String

    /// What the lines are described with: names of locations, units, products and shopping list items.
    struct Names {
        let state: InventoryState
        let titles: ProductTitles
        /// The shopping list items the journal added, by id, for the entries that take one off.
        let items: [ShoppingListItemID: ShoppingListItem]

        func location(_ id: LocationID) -> String { state.locations[id]?.name ?? "a removed location" }
        func product(_ id: ProductReference) -> String { titles.label(id) }
        func amount(_ amount: Decimal, _ unit: UnitID) -> String { state.quantity(amount, unit) }

        func item(_ item: ShoppingListItem) -> String {
            [item.productID.map(product), item.note.isEmpty ? nil : item.note].compactMap { $0 }.joined(separator: ": ")
        }

        func scope(_ scope: StockScope) -> String {
            switch scope {
            case .household: ""
            case .location(let id): " from \(location(id))"
            case .lot: " from one lot"
            }
        }
    }

    /// The line of a transaction made of `entries` (in journal order).
    init(_ transaction: TransactionID, entries: [InventoryJournalEntry], names: Names, replica: ReplicaID) {
        let first = entries.first
        transactionId = transaction.description
        at = first?.recordedAt ?? Date(timeIntervalSince1970: 0)
        author = first.map { OverdrawLine.who($0.replicaID) } ?? "-"
        byThisPantry = first?.replicaID == replica
        did = entries.map { Self.did($0.operation, names) }.joined(separator: "; ")
        let state = names.state
        undone = state.undoneTransactions.contains(transaction)
        let kinds = entries.map(\.operation.kind)
        let dependents = state.dependents(of: transaction)
        if undone {
            undoable = false
            undo = "already undone"
        } else if !kinds.allSatisfy(\.isUndoable) {
            undoable = false
            undo = "cannot be undone (" + (kinds.first { !$0.isUndoable }.map(Self.instead) ?? "") + ")"
        } else if !dependents.isEmpty {
            undoable = false
            undo = "refused until the later " + dependents.map(\.description).joined(separator: ", ")
                + (dependents.count == 1 ? " is" : " are") + " undone"
        } else {
            undoable = true
            undo = Array(Set(kinds.map(Self.inverse))).sorted().joined(separator: "; ")
        }
    }

    /// What an operation did, in words.
    static func did(_ operation: InventoryOperation, _ names: Names) -> String {
        switch operation {
        case .createHousehold(let name, let zone): "created the household \(name) (\(zone.identifier))"
        case .setHouseholdTimeZone(let zone): "set the household's time zone to \(zone.identifier)"
        case .defineLocation(let location): "defined location \(location.name)" + (location.isFreezer ? " (a freezer)" : "")
        case .removeLocation(let id): "removed location \(names.state.locations[id]?.name ?? id.rawValue)"
        case .defineUnit(let unit): "defined unit \(unit.name)"
        case .defineConversion(let conversion): "defined \(UnitCommand.sentence(conversion, in: names.state))"
        case .setProductSettings(let settings): "set the stock settings of \(names.product(settings.productID))"
        case .addShoppingListItem(let item): "put \(names.item(item)) on the shopping list"
        case .removeShoppingListItem(let id):
            "took \(names.items[id].map(names.item) ?? "an item") off the shopping list"
        case .purchase(let purchase):
            "bought \(names.product(purchase.productID)) \(names.amount(purchase.amount, purchase.unit)) into "
                + names.location(purchase.locationID)
        case .consume(let consume):
            "\(consume.spoiled ? "threw away (spoiled)" : "consumed") \(names.product(consume.productID)) "
                + names.amount(consume.amount, consume.unit) + names.scope(consume.scope)
        case .open(let open):
            "opened \(names.product(open.productID)) \(names.amount(open.amount, open.unit))\(names.scope(open.scope))"
        case .transfer(let transfer):
            "moved \(names.product(transfer.productID)) \(names.amount(transfer.amount, transfer.unit))"
                + "\(names.scope(transfer.scope)) to \(names.location(transfer.destination))"
        case .correct(let correction):
            "counted \(names.product(correction.productID)) at \(names.amount(correction.amount, correction.unit))"
                + (correction.locationID.map { " in \(names.location($0))" } ?? "")
        case .editLot(let edit):
            "edited a lot" + (names.state.lots[edit.lotID].map { " of \(names.product($0.productID))" } ?? "")
        case .undo(let transaction): "undid transaction \(transaction)"
        case .dismissOverdraw: "accepted an over-draw as it is"
        }
    }

    /// What to do instead of undoing an operation of a kind that cannot be undone.
    static func instead(_ kind: InventoryOperationKind) -> String {
        switch kind {
        case .createHousehold: "the household's creation"
        case .setHouseholdTimeZone: "set the zone again: pantry household timezone ZONE"
        case .defineLocation: "rename or remove the location instead"
        case .removeLocation: "add the location again"
        case .defineUnit, .defineConversion: "define it again"
        case .setProductSettings: "set the settings again: pantry product settings"
        case .undo: "an undo is not undone; book the change again"
        default: "it changed the household's setup"
        }
    }

    /// What undoing an operation of this kind does.
    static func inverse(_ kind: InventoryOperationKind) -> String {
        switch kind {
        case .purchase: "removes what it bought"
        case .consume: "puts back what it consumed"
        case .open: "makes it sealed again"
        case .transfer: "moves it back"
        case .correct: "restores the amount before the count"
        case .editLot: "restores the lot as it was"
        case .addShoppingListItem: "takes the item off the shopping list"
        case .removeShoppingListItem: "puts the item back on the shopping list"
        case .dismissOverdraw: "reopens the over-draw"
        default: "takes it back"
        }
    }
}
