import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule

/// `pantry unit …`: the units stock is counted in (piece, g, kg, pack…) and the conversions between them.
struct UnitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unit", abstract: "Add and list units; define conversions between them.",
        subcommands: [Add.self, List.self, Conversion.self])

    /// `pantry unit add NAME [--plural PLURAL]`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a unit (then use it with --unit wherever an amount is given).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The unit's name, e.g. kg or pack.") var name: String
        @Option(help: "The plural name, when it differs (packs).") var plural: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .household)
            do {
                let state = try await environment.inventory.state(of: environment.household)
                if let existing = state.unit(named: name) ?? plural.flatMap(state.unit(named:)) {
                    throw PantryError.invalidArgument("unit \(existing.name) already exists")
                }
                let id = UnitID.derived(name: name)
                try await environment.perform(.defineUnit(UnitDefinition(id: id, name: name, pluralName: plural)))
                let unit = try await environment.inventory.state(of: environment.household).units[id]
                    ?? QuantityUnit(id: id, name: name, pluralName: plural)
                await environment.close()
                if options.json {
                    struct Added: JSONObjectOutput { var unit: UnitRow }
                    return try Output.json(Added(unit: UnitRow(unit)))
                }
                print(Output.terminalSafe("added unit \(unit.name)" + (unit.pluralName.map { " (plural \($0))" } ?? "")))
            } catch {
                await environment.close()
                throw error
            }
        }
    }

    /// `pantry unit list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the units and the conversions between them.")
        @OptionGroup var options: StoreOptions

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .read)
            let state = try await environment.inventory.state(of: environment.household)
            let conversions = state.conversions.values.sorted {
                (state.unitName($0.from), state.unitName($0.to), $0.productID?.rawValue ?? "")
                    < (state.unitName($1.from), state.unitName($1.to), $1.productID?.rawValue ?? "")
            }
            let titles = try await ProductTitles(of: conversions.compactMap(\.productID), in: environment)
            await environment.close()
            let units = state.units.values.sorted {
                (SemanticKey.normalize($0.name), $0.id.rawValue) < (SemanticKey.normalize($1.name), $1.id.rawValue)
            }
            if options.json {
                struct Listing: JSONObjectOutput { var units: [UnitRow]; var conversions: [ConversionRow] }
                return try Output.json(Listing(
                    units: units.map(UnitRow.init), conversions: conversions.map { ConversionRow($0, in: state) }))
            }
            Output.table(["unit", "plural"], units.map { [$0.name, $0.pluralName ?? ""] })
            guard !conversions.isEmpty else { return }
            print("")
            Output.table(
                ["conversion", "for"],
                conversions.map { [UnitCommand.sentence($0, in: state), $0.productID.map(titles.label) ?? "every product"] })
        }
    }

    /// `pantry unit conversion FROM TO FACTOR [--product P]`.
    struct Conversion: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Define 1 FROM = FACTOR TO (e.g. `unit conversion kg g 1000`), for every product or one.",
            discussion: "The inverse is implied, and conversions chain (kg → g → …). Defining the same two units again replaces the factor.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The unit converted from.") var from: String
        @Argument(help: "The unit converted to.") var to: String
        @Argument(help: "How many TO make one FROM (a positive number).") var factor: String
        @Option(help: "Only for this product (barcode or product id), e.g. 1 pack = 6 pieces of eggs.") var product: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .household)
            do {
                let value = try decimal(factor)
                var productID: ProductReference?
                if let product { productID = try reference(try await environment.product(product)) }
                let conversion = UnitConversion(
                    from: try await environment.unit(named: from), to: try await environment.unit(named: to), factor: value,
                    productID: productID)
                try await environment.perform(.defineConversion(conversion))
                let state = try await environment.inventory.state(of: environment.household)
                let titles = try await ProductTitles(of: [productID].compactMap { $0 }, in: environment)
                await environment.close()
                if options.json {
                    struct Defined: JSONObjectOutput { var conversion: ConversionRow }
                    return try Output.json(Defined(conversion: ConversionRow(conversion, in: state)))
                }
                print(Output.terminalSafe(
                    "defined \(UnitCommand.sentence(conversion, in: state))" + (productID.map { " for \(titles.label($0))" } ?? "")))
            } catch {
                await environment.close()
                throw error
            }
        }
    }

    /// One unit as `--json` prints it.
    struct UnitRow: Encodable {
        var unitId: String
        var name: String
        var pluralName: String?

        init(_ unit: QuantityUnit) {
            unitId = unit.id.rawValue
            name = unit.name
            pluralName = unit.pluralName
        }
    }

    /// One conversion as `--json` prints it: `1 from = factor to`, the factor an exact decimal string.
    struct ConversionRow: Encodable {
        var fromUnitId: String
        var from: String
        var toUnitId: String
        var to: String
        var factor: String
        var productId: String?

        init(_ conversion: UnitConversion, in state: InventoryState) {
            fromUnitId = conversion.from.rawValue
            from = state.unitName(conversion.from)
            toUnitId = conversion.to.rawValue
            to = state.unitName(conversion.to)
            factor = Output.amount(conversion.factor)
            productId = conversion.productID?.rawValue
        }
    }

    /// `1 kg = 1000 g`.
    static func sentence(_ conversion: UnitConversion, in state: InventoryState) -> String {
        "1 \(state.unitName(conversion.from)) = \(state.quantity(conversion.factor, conversion.to))"
    }
}

extension InventoryState {
    /// The unit with this name or plural name, compared as the kit compares names.
    func unit(named name: String) -> QuantityUnit? {
        let key = SemanticKey.normalize(name)
        return units.values.sorted { $0.id.rawValue < $1.id.rawValue }.first {
            SemanticKey.normalize($0.name) == key || $0.pluralName.map(SemanticKey.normalize) == key
        }
    }

    /// The unit's name, or its id when the household does not know it.
    func unitName(_ id: UnitID) -> String {
        units[id]?.name ?? id.rawValue
    }

    /// An amount with its unit as a person reads it: `1 kg`, `3 pieces` (the plural for any amount but 1).
    func quantity(_ amount: Decimal, _ unit: UnitID?) -> String {
        guard let unit else { return Output.amount(amount) }
        let name = amount == 1 ? unitName(unit) : (units[unit]?.pluralName ?? unitName(unit))
        return "\(Output.amount(amount)) \(name)"
    }
}
