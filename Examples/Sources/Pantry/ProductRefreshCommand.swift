import ArgumentParser
import ProductImport

extension ProductCommand {
    /// `pantry product refresh <barcode>`: Open Food Facts' current record merged into the catalog's product.
    struct Refresh: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Look a barcode up on Open Food Facts again and merge it (values you edited are kept).")
        @OptionGroup var options: StoreOptions
        @OptionGroup var openFoodFacts: OpenFoodFactsOptions
        @Argument(help: "The barcode.") var barcode: String

        func run() async throws {
            try await ScanCommand.scan(
                barcode, mode: openFoodFacts.offline ? .offline : .refresh, options: options, openFoodFacts: openFoodFacts)
        }
    }
}
