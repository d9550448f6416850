import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import ProductModule

/// `pantry product settings <barcode|id> [--minimum N] [--location L] [--unit U] [--due-days D] [--due-kind K]`: how
/// the household stocks a product. A product below its minimum goes on the shopping list; purchases that name no location, unit
/// or due date take the product's.
struct ProductSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "settings",
        abstract: "Show or set a product's minimum stock, default location, stock unit, default due days and due kind.",
        discussion: """
            Without an option, shows the current settings. Each option given replaces that setting only; the others \
            stay. A product whose stock falls below its minimum appears on `pantry shopping-list`.
            """)
    @OptionGroup var options: StoreOptions
    @Argument(help: "Barcode or product id.") var product: String
    @Option(help: "The minimum stock, in the stock unit (0 for none): below it, the product goes on the shopping list.")
    var minimum: String?
    @Option(help: "Where purchases go when they name no location.") var location: String?
    @Option(help: "The unit totals are shown in and purchases default to.") var unit: String?
    @Option(help: "Days from purchase to the due date when a purchase names none, or `never` (it never expires).")
    var dueDays: String?
    @Option(help: "What the product's due dates are: `best-before` (overdue, often still fine) or `expiry` (expired, to be thrown away).")
    var dueKind: String?

    /// Whether the command changes anything (else it shows the settings).
    var changes: Bool { minimum != nil || location != nil || unit != nil || dueDays != nil || dueKind != nil }

    func run() async throws {
        let environment = try await PantryEnvironment.open(options, access: changes ? .update : .read)
        do {
            let product = try await environment.product(self.product)
            let id = try reference(product)
            if changes {
                try await environment.ensureHousehold()
                var settings = try await environment.inventory.state(of: environment.household).productSettings[id]
                    ?? ProductStockSettings(productID: id)
                if let minimum { settings.minimumStock = try decimal(minimum) }
                if let location { settings.defaultLocation = try await environment.location(named: location) }
                if let unit { settings.stockUnit = try await environment.unit(named: unit) }
                if let dueDays { settings.defaultDueDays = try Self.policy(dueDays) }
                if let dueKind { settings.dueDateKind = try Self.kind(dueKind) }
                try await environment.perform(.setProductSettings(settings))
            }
            let state = try await environment.inventory.state(of: environment.household)
            await environment.close()
            let row = Row(product: product, settings: state.productSettings[id] ?? ProductStockSettings(productID: id), in: state)
            if options.json {
                struct Shown: JSONObjectOutput { var settings: Row }
                return try Output.json(Shown(settings: row))
            }
            if changes { print(Output.terminalSafe("settings of \(row.label) saved")) }
            Output.table(["setting", "value"], [
                ["minimum stock", row.minimumStock == "0" ? "none" : state.quantity(row.settings.minimumStock, row.settings.stockUnit ?? PantryEnvironment.piece)],
                ["default location", row.defaultLocation ?? "none (stock add books into the Pantry)"],
                ["stock unit", row.stockUnit ?? "none (pieces)"],
                ["default due days", row.neverExpires ? "never expires" : row.defaultDueDays.map(String.init) ?? "none"],
                ["due kind", row.dueKind],
            ])
        } catch {
            await environment.close()
            throw error
        }
    }

    /// `7` → due 7 days after purchase; `never` → never expires.
    static func policy(_ text: String) throws -> DueDatePolicy {
        if text.lowercased() == "never" { return .neverExpires }
        guard let days = Int(text), days >= 0 else {
            throw PantryError.invalidArgument("--due-days takes a number of days (0 or more) or `never`, not \(text)")
        }
        return .days(days)
    }

    /// `best-before` or `expiry`, as the due kinds are written on the command line.
    static func kind(_ text: String) throws -> DueDateKind {
        switch text.lowercased() {
        case "best-before": return .bestBefore
        case "expiry": return .expiry
        default: throw PantryError.invalidArgument("--due-kind takes best-before or expiry, not \(text)")
        }
    }

    /// A product's settings as `--json` prints them: ids and names, the minimum an exact decimal string.
    struct Row: Encodable {
        var productId: String
        var title: String?
        var barcode: String?
        var minimumStock: String
        var defaultLocationId: String?
        var defaultLocation: String?
        var stockUnitId: String?
        var stockUnit: String?
        var defaultDueDays: Int?
        var neverExpires: Bool
        /// `best-before` or `expiry`.
        var dueKind: String
        /// The settings themselves, for the table.
        let settings: ProductStockSettings

        /// `Milk [4006381333931]`.
        var label: String { [title ?? productId, barcode.map { "[\($0)]" }].compactMap { $0 }.joined(separator: " ") }

        init(product: Product, settings: ProductStockSettings, in state: InventoryState) {
            self.settings = settings
            productId = product.productID.rawValue
            title = product.title
            barcode = product.barcode?.value
            minimumStock = Output.amount(settings.minimumStock)
            defaultLocationId = settings.defaultLocation?.rawValue
            defaultLocation = settings.defaultLocation.map { state.locations[$0]?.name ?? $0.rawValue }
            stockUnitId = settings.stockUnit?.rawValue
            stockUnit = settings.stockUnit.map(state.unitName)
            if case .days(let days)? = settings.defaultDueDays { defaultDueDays = days }
            neverExpires = settings.defaultDueDays == .neverExpires
            dueKind = settings.dueDateKind == .expiry ? "expiry" : "best-before"
        }

        private enum CodingKeys: String, CodingKey {
            case productId, title, barcode, minimumStock, defaultLocationId, defaultLocation, stockUnitId, stockUnit
            case defaultDueDays, neverExpires, dueKind
        }
    }
}
