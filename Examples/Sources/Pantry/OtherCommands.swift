import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import ProductModule

/// `pantry undo <transaction>`.
struct UndoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "undo", abstract: "Undo a transaction (refused when later bookings depend on it).")
    @OptionGroup var options: StoreOptions
    @Argument(help: "The transaction id printed when it was booked, or listed by `pantry history`.") var transaction: String

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
        struct Answer: JSONObjectOutput {
            var id, namespace, name: String
            var semantic: Bool
        }
        try Output.json(Answer(
            id: id.uuidString.lowercased(), namespace: space.rawValue.uuidString.lowercased(), name: name, semantic: semantic))
    }
}
