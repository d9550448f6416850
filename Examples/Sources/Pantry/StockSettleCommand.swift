import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule

extension StockCommand {
    /// `pantry stock settle <entry-id> (--dismiss | --count N [--location L])`: settles an open over-draw.
    struct Settle: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Settle an over-draw (`pantry status` lists them): dismiss it, or count the product to settle it.",
            discussion: "--dismiss accepts the stock as it is; --count N books a correction to N (at --location, or in "
                + "the whole household) that settles the over-draw in the same entry. Both sync like any booking.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "The over-draw's entry id, as `pantry status` shows it.") var entry: String
        @Flag(help: "Dismiss the over-draw: the stock stays as booked.") var dismiss = false
        @Option(help: "The amount actually there: a correction to it settles the over-draw.") var count: String?
        @Option(help: "With --count: count only this location.") var location: String?

        func validate() throws {
            guard dismiss != (count != nil) else { throw ValidationError("give either --dismiss or --count N") }
            if dismiss, location != nil { throw ValidationError("--location goes with --count, not --dismiss") }
        }

        func run() async throws {
            guard let id = UUID(uuidString: entry) else {
                throw PantryError.invalidArgument("\(Output.terminalSafe(entry)) is not an entry id (pantry status lists them)")
            }
            let environment = try await PantryEnvironment.open(options, access: .update)
            guard let count else {
                return try await book(.dismissOverdraw(id), environment: environment, key: nil, json: options.json)
            }
            let amount = try decimal(count)
            let state = try await environment.inventory.state(of: environment.household)
            guard let overdraw = state.overdraw(entry: id) else {
                await environment.close()
                throw InventoryError.unknownOverdraw(id)
            }
            var locationID: LocationID?
            if let location { locationID = try await environment.location(named: location) }
            // Counting up a product with no stock left needs a place for it: where `stock add` would put it.
            if locationID == nil, amount > 0, state.stock(of: overdraw.productID).lots.isEmpty,
                state.productSettings[overdraw.productID]?.defaultLocation == nil
            {
                locationID = try await environment.location(named: StockCommand.defaultLocation)
            }
            let request = CorrectionRequest(
                productID: overdraw.productID, amount: amount, unit: PantryEnvironment.piece, locationID: locationID,
                settlingOverdraws: [id])
            try await book(.correct(request), environment: environment, key: nil, json: options.json)
        }
    }
}
