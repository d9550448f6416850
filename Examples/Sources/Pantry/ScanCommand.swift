import ArgumentParser
import Foundation
import InventoryKit
import ProductImport
import ProductModule

/// `pantry scan <barcode>`: the catalog's product, or Open Food Facts' record stored in the catalog.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan", abstract: "Find a barcode in the catalog, or look it up on Open Food Facts and store it.",
        discussion: "With --offline no request is sent: a product seen before answers from the cached response.")
    @OptionGroup var options: StoreOptions
    @OptionGroup var openFoodFacts: OpenFoodFactsOptions
    @Argument(help: "The barcode (any spelling: spaces, UPC-A, GS1 element string).") var barcode: String

    func run() async throws {
        try await Self.scan(barcode, mode: openFoodFacts.offline ? .offline : .standard, options: options, openFoodFacts: openFoodFacts)
    }

    /// Runs a scan and prints its answer; an answer without a product is an error line.
    static func scan(_ barcode: String, mode: ScanMode, options: StoreOptions, openFoodFacts: OpenFoodFactsOptions) async throws {
        let environment = try await PantryEnvironment.open(options)
        let answer: ScanAnswer
        do {
            answer = try await openFoodFacts.scanner(on: environment).product(forScannedBarcode: barcode, mode: mode)
        } catch {
            await environment.close()
            throw error
        }
        await environment.close()
        try ScanReport(answer).print(json: options.json)
    }
}

/// The printed form of a ``ScanAnswer``.
struct ScanReport: Encodable {
    var barcode: String
    var outcome: String
    var source: String?
    var created: Bool?
    var product: Product?

    init(_ answer: ScanAnswer) {
        product = answer.product
        switch answer {
        case .inCatalog(let product):
            (barcode, outcome, source) = (product.productID.rawValue, "inCatalog", "catalog")
        case .stored(let product, let from, let created, _):
            (barcode, outcome, source, self.created) = (product.productID.rawValue, created ? "stored" : "refreshed", "\(from)", created)
        case .notFound(let code):
            (barcode, outcome) = (code.rawValue, "notFound")
        case .rateLimited(let code, _):
            (barcode, outcome) = (code.rawValue, "rateLimited")
        case .unavailable(let code, let reason):
            (barcode, outcome, source) = (code.rawValue, reason.isOffline ? "offline" : "unavailable", "\(reason)")
        }
        failure = answer.product == nil ? answer.description : nil
    }

    private var failure: String?

    private enum CodingKeys: String, CodingKey { case barcode, outcome, source, created, product }

    /// Prints the report; an answer without a product ends in a one-line error (exit status 1).
    func print(json: Bool) throws {
        if json {
            try Output.json(self)
        } else if let product {
            Output.table(["field", "value"], [
                ["barcode", barcode], ["answer", outcome], ["from", source ?? "-"], ["title", product.title ?? "-"],
                ["brand", product.brand ?? "-"], ["size", product.size ?? product.packaging?.displayText ?? "-"],
                ["provider", product.provenance?.primaryProvider.rawValue ?? "-"],
                ["contributors", product.provenance?.contributors.map(\.rawValue).joined(separator: ", ") ?? "-"],
            ])
        }
        if let failure { throw PantryError.server("\(failure); nothing stored") }
    }
}
