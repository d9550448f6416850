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
    ///
    /// A scan that may send a request holds its barcode's ``ScanBarcodeLock`` from before the store opens until the
    /// answer is stored, so a second process scanning the same code waits, then finds the product in the catalog
    /// (`inCatalog`, no request); its reads count in the store's shared window (``StoreLookupRateLimiter``).
    static func scan(_ barcode: String, mode: ScanMode, options: StoreOptions, openFoodFacts: OpenFoodFactsOptions) async throws {
        let folder = OpenFoodFactsOptions.folder(options)
        var held: FileLock?
        if mode != .offline, let code = try? GTIN(barcode) {
            // An invalid barcode takes no lock: the scanner refuses it below with its own error.
            do { held = try await ScanBarcodeLock.acquire(code, in: folder).lock } catch let error as FileLockError {
                throw PantryError.sharedState("\(error); nothing was looked up")
            }
        }
        defer { held?.unlock() }
        let environment = try await PantryEnvironment.open(options, access: .create)
        let answer: ScanAnswer
        do {
            answer = try await openFoodFacts.scanner(on: environment, sharing: folder).product(forScannedBarcode: barcode, mode: mode)
        } catch {
            await environment.close()
            throw error
        }
        await environment.close()
        try ScanReport(answer, mode: mode).print(json: options.json)
    }
}

/// The printed form of a ``ScanAnswer``.
struct ScanReport: JSONObjectOutput {
    var barcode: String
    var outcome: String
    var source: String?
    var created: Bool?
    var product: Product?

    /// The report of `answer`, given in `mode`: a stored record merged into a product the catalog already had is
    /// `refreshed` only when a refresh asked for it, else `merged` (the catalog gained the product, from another
    /// device's sync say, while this scan looked it up).
    init(_ answer: ScanAnswer, mode: ScanMode) {
        product = answer.product
        switch answer {
        case .inCatalog(let product):
            (barcode, outcome, source) = (product.productID.rawValue, "inCatalog", "catalog")
        case .stored(let product, let from, let created, _):
            let merged = mode == .refresh ? "refreshed" : "merged"
            (barcode, outcome, source, self.created) = (product.productID.rawValue, created ? "stored" : merged, "\(from)", created)
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
