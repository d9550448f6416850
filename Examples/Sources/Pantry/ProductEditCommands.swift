import ArgumentParser
import Foundation
import InventoryKit
import ProductModule

extension ProductCommand {
    /// `pantry product edit <barcode|id>`.
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Change a product's title, brand or barcode.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "A barcode (any spelling) or a product id.") var product: String
        @Option(help: "The new title.") var title: String?
        @Option(help: "The new brand.") var brand: String?
        @Option(help: "A barcode for a product that has none (it moves to the barcode's id).") var barcode: String?

        func run() async throws {
            guard title != nil || brand != nil || barcode != nil else {
                throw PantryError.invalidArgument("edit needs --title, --brand or --barcode")
            }
            let environment = try await PantryEnvironment.open(options, access: .update)
            do {
                var edited = try await environment.product(product)
                if let title { edited.title = title }
                if let brand { edited.brand = brand }
                if let barcode { edited.barcode = try Barcode(barcode) }
                let result = try await environment.products.updateProducts([edited])
                await environment.close()
                if options.json { return try Output.json(["products": result.updated]) }
                if result.updated.isEmpty {
                    print("unchanged \(edited.productID.rawValue)")
                } else {
                    print("updated \(result.updated.map(\.productID.rawValue).joined(separator: ", "))")
                }
            } catch {
                await environment.close()
                throw error
            }
        }
    }

    /// `pantry product delete <barcode|id>`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete a product (the deletion syncs to every device).")
        @OptionGroup var options: StoreOptions
        @Argument(help: "A barcode (any spelling) or a product id.") var product: String

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .update)
            do {
                let found = try await environment.product(product)
                let deleted = try await environment.products.deleteProducts([found.productID]).deleted
                await environment.close()
                let ids = deleted.map(\.rawValue)
                if options.json { return try Output.json(["deleted": ids]) }
                print("deleted \(ids.joined(separator: ", "))")
            } catch {
                await environment.close()
                throw error
            }
        }
    }
}
