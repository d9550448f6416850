import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule

/// `pantry history [--limit N]`: the household's recent transactions, newest first, with the ids `pantry undo`
/// takes.
struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List recent transactions: their ids (for `pantry undo`), who booked them and when, what they did.",
        discussion: """
            Newest first. The undo column says what `pantry undo ID` would do, or why it would refuse (a later \
            booking used what it produced: undo that one first). Transactions a pantry joined through a household \
            snapshot are not listed.
            """)
    @OptionGroup var options: StoreOptions
    @Option(help: "How many transactions to list (newest first).") var limit = 20

    func run() async throws {
        guard limit > 0 else { throw PantryError.invalidArgument("--limit takes a number of transactions, 1 or more") }
        let environment = try await PantryEnvironment.open(options, access: .read)
        let lines: [HistoryLine]
        let zone: TimeZone
        do {
            let state = try await environment.inventory.state(of: environment.household)
            let entries = InventoryJournalEntry.ordered(try await environment.journal.entries(of: environment.household))
            var transactions: [TransactionID: [InventoryJournalEntry]] = [:]
            var order: [TransactionID] = []
            var items: [ShoppingListItemID: ShoppingListItem] = [:]
            for entry in entries {
                if transactions[entry.transactionID] == nil { order.append(entry.transactionID) }
                transactions[entry.transactionID, default: []].append(entry)
                if case .addShoppingListItem(let item) = entry.operation { items[item.id] = item }
            }
            let recent = order.suffix(limit).reversed()
            let products = recent.flatMap { transactions[$0] ?? [] }.compactMap { Self.product(of: $0.operation, state: state) }
            let names = HistoryLine.Names(
                state: state, titles: try await ProductTitles(of: products, in: environment), items: items)
            lines = recent.map { HistoryLine($0, entries: transactions[$0] ?? [], names: names, replica: environment.replica) }
            zone = state.timeZone(of: environment.household)
        } catch {
            await environment.close()
            throw error
        }
        await environment.close()
        if options.json {
            struct History: JSONObjectOutput { var transactions: [HistoryLine] }
            return try Output.json(History(transactions: lines))
        }
        Output.table(
            ["transaction", "when", "by", "what", "undo"],
            lines.map { line in
                [line.transactionId, Output.localTime(line.at, in: zone), line.byThisPantry ? "this pantry" : line.author,
                 line.did, line.undo]
            })
    }

    /// The product an operation names, if any.
    static func product(of operation: InventoryOperation, state: InventoryState) -> ProductReference? {
        switch operation {
        case .purchase(let purchase): purchase.productID
        case .consume(let consume): consume.productID
        case .open(let open): open.productID
        case .transfer(let transfer): transfer.productID
        case .correct(let correction): correction.productID
        case .setProductSettings(let settings): settings.productID
        case .addShoppingListItem(let item): item.productID
        case .defineConversion(let conversion): conversion.productID
        case .editLot(let edit): state.lots[edit.lotID]?.productID
        default: nil
        }
    }
}
