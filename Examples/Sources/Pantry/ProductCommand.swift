import ArgumentParser
import Foundation
import InventoryKit
import ProductModule

/// `pantry product …`: the catalog.
struct ProductCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "product", abstract: "Show, list, add, edit, delete and refresh catalog products.",
        subcommands: [Show.self, List.self, Add.self, Edit.self, Delete.self, Refresh.self, ProductSettingsCommand.self])

    /// `pantry product show <barcode|id>`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one product by barcode or id.")
        @OptionGroup var options: StoreOptions
        @Argument(help: "A barcode (any spelling) or a product id.") var product: String

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .read)
            let found = try await environment.product(product)
            let status = try await environment.products.syncStatus(of: found.productID)
            await environment.close()
            if options.json { return try Output.json(["product": found]) }
            var rows = [
                ["id", found.productID.rawValue], ["title", found.title ?? "-"], ["brand", found.brand ?? "-"],
                ["category", [found.category?.main, found.category?.sub].compactMap { $0 }.joined(separator: " / ")],
                ["size", found.size ?? found.packaging?.displayText ?? "-"], ["version", String(found.version)],
                ["sync", status.map { "\($0)" } ?? "-"],
            ]
            switch found.productDetails {
            case .food(let details)?:
                if let nutrition = details?.nutritionPer100gOrMl {
                    rows.append(["energy", nutrition.energyKcal.map { "\($0) kcal/100g" } ?? "-"])
                }
            case .beverage(let details)?:
                if let nutrition = details?.nutritionPer100gOrMl {
                    rows.append(["energy", nutrition.energyKcal.map { "\($0) kcal/100ml" } ?? "-"])
                }
            default:
                break
            }
            Output.table(["field", "value"], rows)
        }
    }

    /// `pantry product list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List products, one page at a time.")
        @OptionGroup var options: StoreOptions
        @Option(help: "Only this brand.") var brand: String?
        @Option(help: "Only this category id (main).") var category: String?
        @Option(help: "Text in the title, brand or keywords.") var search: String?
        @Option(help: "Only titles that start with this text (any case and spacing).") var titlePrefix: String?
        @Option(help: "Sort: title, brand, updated, created.") var sort: String = "title"
        @Option(help: "Page size.") var limit: Int = 20
        @Option(help: "The cursor printed after the previous page.") var after: String?

        func run() async throws {
            var filters: [ProductFilterStrategy] = []
            if let brand { filters.append(.brand(brand)) }
            if let category { filters.append(.category(main: category)) }
            if let search { filters.append(.text(search)) }
            if let titlePrefix { filters.append(.titlePrefix(titlePrefix)) }
            let strategy: ProductSortStrategy
            switch sort {
            case "title": strategy = .title()
            case "brand": strategy = .brand()
            case "updated": strategy = .updatedAt()
            case "created": strategy = .createdAt()
            default: throw PantryError.invalidArgument("unknown sort \(sort); use title, brand, updated or created")
            }
            let cursor = try after.map { token in try PageCursor(token: token) }
            let query = ProductQuery(page: PageRequest(limit: limit, cursor: cursor), sort: strategy, filters: filters)
            let environment = try await PantryEnvironment.open(options, access: .read)
            let page = try await environment.products.retrieveProducts(query: query)
            await environment.close()
            let damaged = page.damaged.map(\.description)
            if options.json {
                struct Page: JSONObjectOutput { var products: [Product]; var next: String?; var damaged: [String] }
                try Output.json(Page(products: page.products, next: page.nextCursor?.token, damaged: damaged))
            } else {
                Output.table(
                    ["id", "title", "brand", "category"],
                    page.products.map { [$0.productID.rawValue, $0.title ?? "-", $0.brand ?? "-", $0.category?.main ?? "-"] })
                if let next = page.nextCursor { print("next page: --after \(next.token)") }
            }
            // What is readable was listed; what is not is named, and the exit status says the store is damaged.
            Output.damage(damaged)
            if !damaged.isEmpty { throw PantryError.damagedStore(problems: damaged.count) }
        }
    }

    /// `pantry product add`.
    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a product by hand.")
        @OptionGroup var options: StoreOptions
        @Option(help: "The barcode (the product's id when given).") var barcode: String?
        @Option(help: "The title.") var title: String
        @Option(help: "The brand.") var brand: String?

        func run() async throws {
            let environment = try await PantryEnvironment.open(options, access: .create)
            do {
                let product = try Product.new(barcode: barcode, title: title, brand: brand, id: UUID(), now: Date())
                let added = try await environment.products.addProducts([product]).added
                await environment.close()
                if options.json { return try Output.json(["products": added]) }
                print("added \(added.map(\.productID.rawValue).joined(separator: ", "))")
            } catch {
                await environment.close()
                throw error
            }
        }
    }
}
