import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule

/// `pantry location …`: the household's storage locations (Pantry, Fridge, Freezer and the ones a household adds).
struct LocationCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "location", abstract: "Add, rename, remove and list storage locations.",
        subcommands: [Add.self, Rename.self, Remove.self, List.self])

    /// `pantry location add NAME [--freezer] [--parent NAME]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a storage location.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The location's name.") var name: String
        @Flag(help: "It freezes what it holds (moves in and out apply the products' freezing and thawing rules).")
        var freezer = false
        @Option(help: "The location it is inside of (a shelf in the Pantry).") var parent: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .household)
            do {
                let state = try await environment.inventory.state(of: environment.household)
                if let existing = state.location(named: name) {
                    throw PantryError.invalidArgument("location \(Output.terminalSafe(existing.name)) already exists")
                }
                var parentID: LocationID?
                if let parent { parentID = try await environment.location(named: parent) }
                // The id derived from the name, so two devices adding "Attic" offline agree, unless a renamed
                // location already holds it (adding "Pantry" after renaming it must not rename it back).
                let derived = LocationID.derived(household: environment.household, name: name)
                let id = state.locations[derived] == nil ? derived : LocationID(UUID())
                try await environment.perform(
                    .defineLocation(LocationDefinition(id: id, name: name, parentID: parentID, isFreezer: freezer)))
                let added = try await environment.inventory.state(of: environment.household).locations[id]
                await environment.close()
                try LocationCommand.report(
                    "added location \(added?.name ?? name)", added ?? StorageLocation(id: id, name: name), json: options.json)
            } catch {
                await environment.close()
                throw error
            }
        }
    }

    /// `pantry location rename OLD NEW`.
    struct Rename: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a storage location (its stock stays).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The location's current name.") var old: String
        @Argument(help: "Its new name.") var new: String

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            do {
                let id = try await environment.location(named: old)
                let state = try await environment.inventory.state(of: environment.household)
                if let other = state.location(named: new), other.id != id {
                    throw PantryError.invalidArgument("location \(Output.terminalSafe(other.name)) already exists")
                }
                guard let current = state.locations[id] else { throw PantryError.unknownLocation(old, known: "") }
                try await environment.perform(
                    .defineLocation(LocationDefinition(id: id, name: new, parentID: current.parentID, isFreezer: current.isFreezer)))
                let renamed = try await environment.inventory.state(of: environment.household).locations[id]
                await environment.close()
                try LocationCommand.report("renamed location \(current.name) to \(new)", renamed ?? current, json: options.json)
            } catch {
                await environment.close()
                throw error
            }
        }
    }

    /// `pantry location remove NAME`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove an empty storage location (refused while it holds stock or other locations).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The location's name.") var name: String

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            do {
                let id = try await environment.location(named: name)
                let state = try await environment.inventory.state(of: environment.household)
                guard let location = state.locations[id] else { throw PantryError.unknownLocation(name, known: "") }
                do {
                    try await environment.inventory.perform(.removeLocation(id), in: environment.household)
                } catch InventoryError.locationNotEmpty {
                    throw PantryError.invalidArgument(try await LocationCommand.stillHolds(location, state: state, in: environment))
                } catch InventoryError.locationHasSublocations(_, let children) {
                    let names = children.map { state.locations[$0]?.name ?? $0.rawValue }.map(Output.terminalSafe)
                    throw PantryError.invalidArgument(
                        "location \(Output.terminalSafe(location.name)) still holds the locations \(names.joined(separator: ", ")): "
                            + "remove them first (nothing was changed)")
                }
                await environment.close()
                try LocationCommand.report("removed location \(location.name)", location, json: options.json)
            } catch {
                await environment.close()
                throw error
            }
        }
    }

    /// `pantry location list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the storage locations and how many lots each holds.")
        @OptionGroup var options: StoreOptions

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .read)
            let state = try await environment.inventory.state(of: environment.household)
            await environment.close()
            let locations = state.locations.values.sorted {
                (SemanticKey.normalize($0.name), $0.id.rawValue) < (SemanticKey.normalize($1.name), $1.id.rawValue)
            }
            let lots = Dictionary(grouping: state.lots.values, by: \.locationID).mapValues(\.count)
            if options.json {
                struct Listing: JSONObjectOutput { var locations: [Row] }
                return try Output.json(Listing(locations: locations.map { Row($0, lots: lots[$0.id] ?? 0) }))
            }
            Output.table(
                ["location", "freezer", "inside", "lots"],
                locations.map { location in
                    [location.name, location.isFreezer ? "freezer" : "",
                     location.parentID.map { state.locations[$0]?.name ?? $0.rawValue } ?? "", String(lots[location.id] ?? 0)]
                })
        }
    }

    /// One location as `--json` prints it.
    struct Row: Encodable {
        var locationId: String
        var name: String
        var isFreezer: Bool
        var parentLocationId: String?
        var lots: Int

        init(_ location: StorageLocation, lots: Int) {
            locationId = location.id.rawValue
            name = location.name
            isFreezer = location.isFreezer
            parentLocationId = location.parentID?.rawValue
            self.lots = lots
        }
    }

    /// Prints what a location command did (`line`, such as `added location Attic`), or the location as JSON.
    static func report(_ line: String, _ location: StorageLocation, json: Bool) throws {
        if json {
            struct Changed: JSONObjectOutput { var location: Row }
            return try Output.json(Changed(location: Row(location, lots: 0)))
        }
        print(Output.terminalSafe(line))
    }

    /// The kit's refusal to remove a location that holds stock, with the location and its products by name.
    static func stillHolds(_ location: StorageLocation, state: InventoryState, in environment: PantryEnvironment) async throws -> String {
        let stock = state.stock(at: location.id).products
        let titles = try await ProductTitles(of: stock.map(\.productID), in: environment)
        let products = stock.map { product in
            "\(titles.title(product.productID)) "
                + (product.total.map { state.quantity($0, product.unit) }
                    ?? product.lots.map { state.quantity($0.quantity, $0.unit) }.joined(separator: " + "))
                + (titles.barcodes[product.productID.rawValue].map { " [\($0)]" } ?? "")
        }
        return "location \(Output.terminalSafe(location.name)) still holds stock (\(Output.terminalSafe(products.joined(separator: ", ")))): "
            + "move or consume it first, e.g. `pantry stock move PRODUCT AMOUNT --from \(Output.terminalSafe(location.name)) --to OTHER` "
            + "(nothing was changed)"
    }
}

extension InventoryState {
    /// The location with this name, compared as the kit compares names (case and spacing do not matter).
    func location(named name: String) -> StorageLocation? {
        let key = SemanticKey.normalize(name)
        return locations.values.first { SemanticKey.normalize($0.name) == key }
    }
}
