import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule

/// `pantry shopping-list`.
struct ShoppingListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shopping-list", abstract: "What to buy: manual items and products below their minimum.")
    @OptionGroup var options: StoreOptions
    @Option(help: "Add a manual item with this note.") var add: String?

    func run() async throws {
        let environment = try await PantryEnvironment.open(options, access: add == nil ? .read : .household)
        if let add {
            try await environment.inventory.perform(.addShoppingListItem(ShoppingListRequest(note: add)), in: environment.household)
        }
        let list = try await environment.inventory.state(of: environment.household).shoppingList()
        await environment.close()
        struct Row: Encodable { var item: String; var amount: String? }
        let rows = list.map { entry in
            Row(item: entry.productID?.rawValue ?? (entry.note.isEmpty ? "-" : entry.note),
                amount: (entry.missingAmount ?? entry.amount).map(Output.amount))
        }
        if options.json { return try Output.json(rows) }
        Output.table(["item", "amount"], rows.map { [$0.item, $0.amount ?? ""] })
    }
}

/// `pantry undo <transaction>`.
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Undo a transaction (refused when later bookings depend on it).")
    @OptionGroup var options: StoreOptions
    @Argument(help: "The transaction id printed when it was booked.") var transaction: String

    func run() async throws {
        let id = try TransactionID(parsing: transaction)
        let environment = try await PantryEnvironment.open(options, access: .update)
        // A pantry that never booked has no household yet (reads and product adds create none): nothing to undo.
        guard try await environment.inventory.state(of: environment.household).households[environment.household] != nil else {
            await environment.close()
            throw PantryError.invalidArgument("no transaction \(transaction) in this pantry: nothing was booked here yet")
        }
        try await book(.undo(id), environment: environment, key: nil, json: options.json)
    }
}

/// `pantry id <namespace> <name>`.
struct IDCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "id", abstract: "Print the deterministic UUIDv5 of a name.")
    @Argument(help: "manufacturer, product, person, library, platform, category, storageLocation, unit, tag, household, dns, url, or a UUID.")
    var namespace: String
    @Argument(help: "The name.") var name: String
    @Flag(help: "Normalize the name first (semantic id).") var semantic = false
    @Flag(help: "Print JSON: the id with the namespace and name it was made from.") var json = false

    func run() throws {
        let spaces: [String: InventoryNamespace] = [
            "manufacturer": .manufacturer, "product": .product, "person": .person, "library": .library, "platform": .platform,
            "category": .category, "storagelocation": .storageLocation, "unit": .unit, "tag": .tag, "household": .household,
            "dns": .dns, "url": .url,
        ]
        guard let space = spaces[namespace.lowercased()] ?? UUID(uuidString: namespace).map({ InventoryNamespace(rawValue: $0) }) else {
            throw PantryError.invalidArgument("unknown namespace \(namespace)")
        }
        let id = semantic ? InventoryIDGenerator.generate(for: space, semanticName: name) : InventoryIDGenerator.generate(for: space, name: name)
        guard json else {
            print(id.uuidString.lowercased())
            return
        }
        struct Answer: Encodable {
            var id, namespace, name: String
            var semantic: Bool
        }
        try Output.json(Answer(
            id: id.uuidString.lowercased(), namespace: space.rawValue.uuidString.lowercased(), name: name, semantic: semantic))
    }
}
