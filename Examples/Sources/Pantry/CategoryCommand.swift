import ArgumentParser
import Foundation
import InventoryKit
import InventorySync

/// `pantry category`: the household's categories, one record per meaning whatever the spelling, synced through the
/// server with `pantry sync`.
struct CategoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "category", abstract: "Add and list categories (one per meaning, whatever the spelling).",
        subcommands: [Add.self, List.self])

    /// One category as `--json` prints it.
    struct Row: Encodable {
        var id: String
        var name: String
        var aliases: [String]
        var key: String?
        var mergedInto: String?
        var createdAt: Date
        var updatedAt: Date

        init(_ entity: NamedEntity) {
            id = RecordID(entity.id).rawValue
            name = entity.displayName
            aliases = entity.aliases
            key = entity.semanticKey?.rawValue
            mergedInto = entity.mergedInto.map { RecordID($0).rawValue }
            createdAt = entity.createdAt
            updatedAt = entity.updatedAt
        }
    }

    /// `pantry category add NAME`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Add a category, or find the one it means (\"dairy \" is \"Dairy\": the spelling becomes an alias).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The category's name.") var name: String

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .create)
            let result: NamedEntityResult
            do {
                result = try await environment.namedEntities.repository(for: .category).getOrCreate(name)
            } catch let error as SemanticKeyError {
                await environment.close()
                throw PantryError.invalidArgument("\(error)")
            } catch {
                await environment.close()
                throw error
            }
            await environment.close()
            guard let entity = result.entity else { throw PantryError.invalidArgument("no category for \(name)") }
            if options.json {
                struct Added: JSONObjectOutput {
                    var created: Bool
                    var category: Row
                }
                try Output.json(Added(created: result.wasCreated, category: Row(entity)))
            } else {
                let spelling = entity.aliases.isEmpty ? "" : " (also: \(entity.aliases.joined(separator: ", ")))"
                print("\(result.wasCreated ? "added" : "found") \(Output.terminalSafe(entity.displayName))\(Output.terminalSafe(spelling))")
            }
        }
    }

    /// `pantry category list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the categories, by key.")
        @OptionGroup var options: StoreOptions
        @Flag(help: "Also list categories merged into others.") var all = false

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .read)
            let entities: [NamedEntity]
            do {
                entities = try await environment.namedEntities.repository(for: .category).allEntities(includingRetired: all)
            } catch {
                await environment.close()
                throw error
            }
            await environment.close()
            let sorted = entities.sorted { RecordID($0.id) < RecordID($1.id) }
            if options.json {
                try Output.json(["categories": sorted.map(Row.init)])
            } else {
                Output.table(
                    ["id", "name", "also", "merged into"],
                    sorted.map {
                        [RecordID($0.id).rawValue, $0.displayName, $0.aliases.joined(separator: ", "),
                         $0.mergedInto.map { RecordID($0).rawValue } ?? "-"]
                    })
            }
        }
    }
}
