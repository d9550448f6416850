import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventoryViews
import ProductModule

/// `pantry stock …`: household stock.
struct StockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stock", abstract: "Add, consume, open, move, correct and list stock; settle over-draws.",
        subcommands: [Add.self, Consume.self, Open.self, Move.self, Correct.self, Settle.self, List.self])

    /// The location `stock add` books into, and `stock correct` counts into, when the product has no default
    /// location (`pantry product settings --location`).
    static let defaultLocation = "Pantry"

    /// `pantry stock add <product> <amount>`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Book a purchase.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "Barcode or product id.") var product: String
        @Argument(help: "How many (pieces unless --unit says otherwise).") var amount: String
        @Option(help: "The unit of the amount (default: the product's stock unit, else pieces; `pantry unit list`).") var unit: String?
        @Option(help: "The location (Pantry, Fridge, Freezer…; default: the product's default location, else Pantry).")
        var location: String?
        @Option(help: "Best-before date, yyyy-MM-dd.") var due: String?
        @Option(help: "The day it was packaged, yyyy-MM-dd (today at the latest).") var packaged: String?
        @Option(help: "Price per piece.") var price: String?
        @Option(help: "An idempotency key: the same key books once.") var key: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            let product = try await environment.product(self.product)
            try await environment.ensureHousehold()
            let request = PurchaseRequest(
                productID: try reference(product), amount: try decimal(amount),
                unit: try await environment.unit(unit, for: try reference(product)),
                locationID: try await environment.purchaseLocation(location, for: try reference(product)),
                dueDate: try due.map { .on(try day($0)) } ?? .productDefault, price: try price.map(decimal),
                packagedOn: try packaged.map(day))
            try await book(.purchase(request), environment: environment, key: key, json: options.json)
        }
    }

    /// `pantry stock consume <product> <amount>`.
    struct Consume: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Consume stock: opened first, then earliest due, then oldest.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "Barcode or product id.") var product: String
        @Argument(help: "How many (pieces unless --unit says otherwise).") var amount: String = "1"
        @Option(help: "The unit of the amount (default: the product's stock unit, else pieces; `pantry unit list`).") var unit: String?
        @Flag(help: "It went bad.") var spoiled = false
        @Option(help: "An idempotency key.") var key: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            let product = try await environment.product(self.product)
            try await environment.ensureHousehold()
            let request = ConsumeRequest(
                productID: try reference(product), amount: try decimal(amount),
                unit: try await environment.unit(unit, for: try reference(product)), spoiled: spoiled)
            try await book(.consume(request), environment: environment, key: key, json: options.json)
        }
    }

    /// `pantry stock open <product> [amount]`.
    struct Open: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Mark stock as opened.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "Barcode or product id.") var product: String
        @Argument(help: "How many (pieces unless --unit says otherwise).") var amount: String = "1"
        @Option(help: "The unit of the amount (default: the product's stock unit, else pieces; `pantry unit list`).") var unit: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            let product = try await environment.product(self.product)
            try await environment.ensureHousehold()
            let request = OpenRequest(
                productID: try reference(product), amount: try decimal(amount),
                unit: try await environment.unit(unit, for: try reference(product)))
            try await book(.open(request), environment: environment, key: nil, json: options.json)
        }
    }

    /// `pantry stock move <product> <amount> --to <location>`.
    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Move stock to another location (due dates follow freezer rules).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "Barcode or product id.") var product: String
        @Argument(help: "How many (pieces unless --unit says otherwise).") var amount: String
        @Option(help: "The unit of the amount (default: the product's stock unit, else pieces; `pantry unit list`).") var unit: String?
        @Option(help: "Move from this location only.") var from: String?
        @Option(help: "The destination.") var to: String

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            let product = try await environment.product(self.product)
            try await environment.ensureHousehold()
            var scope = StockScope.household
            if let from { scope = .location(try await environment.location(named: from)) }
            let request = TransferRequest(
                productID: try reference(product), amount: try decimal(amount),
                unit: try await environment.unit(unit, for: try reference(product)), scope: scope,
                destination: try await environment.location(named: to))
            try await book(.transfer(request), environment: environment, key: nil, json: options.json)
        }
    }

    /// `pantry stock correct <product> <amount>`.
    struct Correct: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Set the counted amount (inventory correction).",
            discussion: """
                Without --location the count is of the whole household: a lower count takes from the lots as \
                consumption does; a higher one adds the difference at the product's default location (`pantry \
                product settings --location`), else at the one location that holds it, else in the Pantry when \
                it has no stock yet. A product held in several locations without a default location needs \
                --location: the count is then of that location only.
                """)
        @OptionGroup var options: StoreOptions
        @Argument(help: "Barcode or product id.") var product: String
        @Argument(help: "The amount actually there.") var amount: String
        @Option(help: "The unit of the amount (default: the product's stock unit, else pieces; `pantry unit list`).") var unit: String?
        @Option(help: "Count only this location (default: the whole household, see below).")
        var location: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            let product = try await environment.product(self.product)
            try await environment.ensureHousehold()
            let unitID = try await environment.unit(unit, for: try reference(product))
            func request(at locationID: LocationID?) throws -> InventoryCommand {
                .correct(CorrectionRequest(
                    productID: try reference(product), amount: try decimal(amount), unit: unitID, locationID: locationID))
            }
            guard let location else {
                do {
                    try await book(try request(at: nil), environment: environment, key: nil, json: options.json)
                } catch PantryError.inventory(InventoryError.missingLocation(let reference), _) {
                    // The kit adds an increase at the product's default location; without one, the extra goes where
                    // the product is when that is one place (counting that place is counting the household), or
                    // where `stock add` would have put it when the product has no stock.
                    let state = try await environment.inventory.state(of: environment.household)
                    let places = Set(state.stock(of: reference).lots.map(\.locationID))
                    let place: LocationID
                    if places.count > 1 {
                        await environment.close()
                        let names = places.map { state.locations[$0]?.name ?? $0.rawValue }.sorted()
                        throw PantryError.invalidArgument(
                            "\(ProductTitles.label(product)) is in \(names.joined(separator: ", ")) and has no default location: "
                                + "count one of them with --location, or set where more goes with "
                                + "`pantry product settings \(self.product) --location L` (nothing was changed)")
                    } else if let only = places.first {
                        place = only
                    } else {
                        place = try await environment.location(named: StockCommand.defaultLocation)
                    }
                    try await book(try request(at: place), environment: environment, key: nil, json: options.json)
                }
                return
            }
            try await book(try request(at: try await environment.location(named: location)), environment: environment, key: nil, json: options.json)
        }
    }

    /// `pantry stock list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List stock lots.")
        @OptionGroup var options: StoreOptions
        @Option(help: "Only this location.") var location: String?
        @Option(help: "Only lots due within this window, e.g. 7d.") var expiring: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .read)
            let state = try await environment.inventory.state(of: environment.household)
            var lots = state.lots.values.sorted { ($0.dueDate ?? .latest, $0.id) < ($1.dueDate ?? .latest, $1.id) }
            var locationID: LocationID?
            if let location {
                let id = try await environment.location(named: location)
                lots = lots.filter { $0.locationID == id }
                locationID = id
            }
            var limit: CalendarDay?
            if let expiring {
                guard expiring.hasSuffix("d"), let days = Int(expiring.dropLast()), days >= 0 else {
                    throw PantryError.invalidArgument("--expiring takes a number of days such as 7d")
                }
                // "Within 7 days" on the household's calendar, whatever the machine's time zone.
                let last = state.today(in: environment.household, at: Date()).adding(days: days)
                lots = lots.filter { $0.dueDate.map { $0 <= last } ?? false }
                limit = last
            }
            // A product whose catalog record cannot be read does not hide the stock: its lots show the product id.
            let names = try await ProductTitles(of: lots.map(\.productID), in: environment)
            let damaged = names.damaged
            await environment.close()
            if options.json {
                // The server's `views/stock` of the same state, narrowed as asked.
                let view = InventoryViewBuilder(
                    state: state, household: environment.household, asOf: Date(), titles: names.titles
                ).stock().filtered(locationId: locationID?.rawValue, dueBy: limit?.description)
                try Output.view(view)
            } else {
                Output.table(
                    ["product", "amount", "location", "due", "packaged", "opened"],
                    lots.map { lot in
                        [names.title(lot.productID), state.quantity(lot.quantity, lot.unit),
                         state.locations[lot.locationID]?.name ?? lot.locationID.rawValue, Output.day(lot.dueDate),
                         Output.day(lot.packagedOn), lot.openedAt == nil ? "" : "opened"]
                    })
            }
            Output.damage(damaged)
            if !damaged.isEmpty { throw PantryError.damagedStore(problems: damaged.count) }
        }
    }
}

/// Runs a command in the household and prints its transaction.
func book(_ command: InventoryCommand, environment: PantryEnvironment, key: String?, json: Bool) async throws {
    let result = try await environment.perform(command, key: try key.map { try IdempotencyKey($0) })
    await environment.close()
    if json {
        struct Booked: JSONObjectOutput { var transactionId: String?; var entries: Int; var replay: Bool }
        return try Output.json(Booked(transactionId: result.transactionID?.description, entries: result.entries.count, replay: result.isReplay))
    }
    if result.isReplay {
        print("already booked as transaction \(result.transactionID?.description ?? "-")")
    } else {
        print("booked transaction \(result.transactionID?.description ?? "-")")
    }
}

/// The inventory reference of a catalog product.
func reference(_ product: Product) throws -> ProductReference {
    try ProductReference(product.productID.rawValue)
}

/// A decimal typed by the user, exactly (never through floating point): digits with at most one `.` and an
/// optional sign, nothing before or after — `1,5` and `2kg` are refused, not read as 1 and 2.
func decimal(_ text: String) throws -> Decimal {
    let digits = text.drop { $0 == "-" || $0 == "+" }
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    let wellFormed = text.count - digits.count <= 1 && (1...2).contains(parts.count) && !digits.isEmpty
        && digits != "." && parts.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } } && digits.count <= 38
    guard wellFormed, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else {
        let hint = text.contains(",") ? " (use a dot for decimals: \(text.replacingOccurrences(of: ",", with: ".")))" : ""
        throw PantryError.invalidArgument("\(Output.terminalSafe(text)) is not a number\(hint)")
    }
    return value
}

/// A `yyyy-MM-dd` calendar day (no time zone: the day on the household's calendar).
func day(_ text: String) throws -> CalendarDay {
    // The day must exist (no lenient 2026-02-30) and lie in years a pantry can mean.
    guard let date = CalendarDay(iso8601: text), (1970...2199).contains(date.year) else {
        throw PantryError.invalidArgument("\(Output.terminalSafe(text)) is not a date like 2026-12-31 (years 1970 to 2199)")
    }
    return date
}
