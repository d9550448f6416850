import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventoryViews
import ProductModule

/// `pantry shopping-list [add|remove|check]`: what to buy — items someone put there, and products below their
/// minimum stock.
struct ShoppingListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shopping-list", abstract: "What to buy: manual items and products below their minimum.",
        discussion: "Without a subcommand, lists it: each manual item with the short id `remove` and `check` take.",
        subcommands: [Add.self, Remove.self, Check.self])
    @OptionGroup var options: StoreOptions
    @Option(help: "Add a manual item with this note (as `shopping-list add NOTE`).") var add: String?

    func run() async throws {
        let environment = try await PantryEnvironment.open(options, access: add == nil ? .read : .household)
        do {
            if let add {
                try await environment.perform(.addShoppingListItem(ShoppingListRequest(note: add)))
            }
            try await Self.printList(environment, json: options.json)
        } catch {
            await environment.close()
            throw error
        }
    }

    /// Prints the list and closes the environment.
    static func printList(_ environment: PantryEnvironment, json: Bool) async throws {
        let state = try await environment.inventory.state(of: environment.household)
        let list = state.shoppingList()
        let titles = try await ProductTitles(of: list.compactMap(\.productID), in: environment)
        await environment.close()
        if json {
            // The server's `views/shopping-list` of the same state.
            return try Output.view(
                InventoryViewBuilder(state: state, household: environment.household, asOf: Date(), titles: titles.titles)
                    .shoppingList())
        }
        Output.table(["id", "item", "amount"], list.map { entry in
            let amount = (entry.missingAmount ?? entry.amount).map { state.quantity($0, entry.unit) } ?? ""
            let why = entry.source == .belowMinimumStock ? " (below its minimum)" : ""
            return [entry.itemID.map(shortID) ?? "-", label(entry, titles) + why, amount]
        })
    }

    /// The first 8 characters of an item id: what the table shows and `remove`/`check` accept.
    static func shortID(_ id: ShoppingListItemID) -> String {
        String(id.rawValue.prefix(8))
    }

    /// How a message names an entry: its product (`Milk [4006381333931]`) with its note, or its note.
    static func label(_ entry: ShoppingListEntry, _ titles: ProductTitles) -> String {
        let product = entry.productID.map(titles.label)
        return [product, entry.note.isEmpty ? nil : entry.note].compactMap { $0 }.joined(separator: ": ")
    }

    /// `pantry shopping-list add TEXT [--amount N] [--unit U]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put an item on the list: a product (barcode or id) or a note.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "A product's barcode or id, or a note (bread, \"birthday candles\").") var item: String
        @Option(help: "How many.") var amount: String?
        @Option(help: "The unit of the amount (default: the product's stock unit, else pieces).") var unit: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .household)
            do {
                // A text that reads as a barcode or product id names the product when the catalog has it.
                let product = try? await environment.product(item)
                let productID = try product.map(reference)
                let quantity = try amount.map(decimal)
                var unitID: UnitID?
                if let productID, quantity != nil || unit != nil {
                    unitID = try await environment.unit(unit, for: productID)
                } else if let unit {
                    unitID = try await environment.unit(named: unit)
                } else if quantity != nil {
                    unitID = PantryEnvironment.piece
                }
                try await environment.perform(
                    .addShoppingListItem(ShoppingListRequest(
                        productID: productID, note: product == nil ? item : "", amount: quantity, unit: unitID)))
                try await ShoppingListCommand.printList(environment, json: options.json)
            } catch {
                await environment.close()
                throw error
            }
        }
    }

    /// `pantry shopping-list remove ITEM`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take an item off the list without buying it (by its id from the list, its note or its product).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The item's id as the list shows it, its note, or its product's barcode or title.") var item: String

        func run() async throws {
            try await ShoppingListCommand.takeOff(item, options: options, verb: "removed")
        }
    }

    /// `pantry shopping-list check ITEM`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check an item off the list (got it); book the purchase itself with `pantry stock add`.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The item's id as the list shows it, its note, or its product's barcode or title.") var item: String

        func run() async throws {
            try await ShoppingListCommand.takeOff(item, options: options, verb: "checked off")
        }
    }

    /// Takes the one manual item `text` names off the list and prints what was taken off.
    static func takeOff(_ text: String, options: StoreOptions, verb: String) async throws {
        let environment = try await PantryEnvironment.open(options, access: .update)
        do {
            let state = try await environment.inventory.state(of: environment.household)
            let list = state.shoppingList()
            let titles = try await ProductTitles(of: list.compactMap(\.productID), in: environment)
            let entry = try await match(text, in: list, titles: titles, environment: environment)
            guard let id = entry.itemID else {
                let product = entry.productID.map(titles.label) ?? text
                throw PantryError.invalidArgument(
                    "\(product) is on the list because its stock is below its minimum: buy it (`pantry stock add`) or "
                        + "lower the minimum (`pantry product settings --minimum`)")
            }
            try await environment.perform(.removeShoppingListItem(id))
            await environment.close()
            if options.json {
                struct TakenOff: JSONObjectOutput { var itemId: String; var item: String }
                return try Output.json(TakenOff(itemId: id.rawValue, item: label(entry, titles)))
            }
            Swift.print(Output.terminalSafe("\(verb) \(label(entry, titles))"))
        } catch {
            await environment.close()
            throw error
        }
    }

    /// The entry `text` names: an item id (or the start of one, at least 4 characters), a note, or a product's
    /// barcode, id or title; a typed error when none or several match.
    static func match(
        _ text: String, in list: [ShoppingListEntry], titles: ProductTitles, environment: PantryEnvironment
    ) async throws -> ShoppingListEntry {
        let lowered = text.lowercased()
        var found = lowered.count >= 4 ? list.filter { $0.itemID?.rawValue.hasPrefix(lowered) == true } : []
        if found.isEmpty {
            let key = SemanticKey.normalize(text)
            let named = (try? await environment.product(text)).map { $0.productID.rawValue }
            found = list.filter { entry in
                (!entry.note.isEmpty && SemanticKey.normalize(entry.note) == key)
                    || entry.productID.map { product in
                        product.rawValue == text || SemanticKey.normalize(titles.title(product)) == key
                            || product.rawValue == named
                    } == true
            }
        }
        if found.count == 1, let entry = found.first { return entry }
        if found.isEmpty {
            throw PantryError.invalidArgument("no item \(text) on the shopping list (`pantry shopping-list` shows them with their ids)")
        }
        let ids = found.compactMap(\.itemID).map(shortID).joined(separator: ", ")
        throw PantryError.invalidArgument("\(found.count) items on the shopping list match \(text): give its id (\(ids))")
    }
}
