import Foundation
import InventoryKit
import InventoryModule

extension PantryEnvironment {
    /// Runs an inventory command in the household; a refusal (``InventoryError``) becomes
    /// ``PantryError/inventory(_:sentence:)``, the kit's sentence with products, locations and units named as a
    /// person knows them.
    @discardableResult
    func perform(_ command: InventoryCommand, key: IdempotencyKey? = nil) async throws -> InventoryTransactionResult {
        do {
            return try await inventory.perform(command, in: household, idempotencyKey: key)
        } catch let error as InventoryError {
            throw PantryError.inventory(error, sentence: await sentence(for: error))
        }
    }

    /// The kit's sentence for `error` with each product named by title and barcode (`Milk [4006381333931]`) and
    /// each location and unit by name, plus what to do where pantry has a command for it.
    func sentence(for error: InventoryError) async -> String {
        var text = error.description
        let state = try? await inventory.state(of: household)
        let (products, locations, units) = Self.references(in: error)
        for id in locations {
            guard let name = state?.locations[id]?.name else { continue }
            text = text.replacingOccurrences(of: id.rawValue, with: name)
        }
        for id in units {
            guard let name = state?.units[id]?.name else { continue }
            text = text.replacingOccurrences(of: id.rawValue, with: name)
        }
        if !products.isEmpty, let titles = try? await ProductTitles(of: products, in: self) {
            // Through a placeholder: a label holds the barcode it replaces.
            for (index, product) in products.enumerated() where titles.titles[product.rawValue] != nil {
                let placeholder = "\u{0}\(index)\u{0}"
                text = text.replacingOccurrences(of: "product \(product.rawValue)", with: placeholder)
                    .replacingOccurrences(of: product.rawValue, with: placeholder)
                    .replacingOccurrences(of: placeholder, with: titles.label(product))
            }
        }
        switch error {
        case .missingUnit: text += " (give --unit, or set one with `pantry product settings --unit`)"
        case .missingLocation: text += " (give --location, or set one with `pantry product settings --location`)"
        case .noUnitConversion: text += " (define one with `pantry unit conversion FROM TO FACTOR`)"
        case .undoRefused, .unknownTransaction: text += " (`pantry history` lists the transactions)"
        default: break
        }
        return text
    }

    /// The products, locations and units an error names.
    static func references(in error: InventoryError) -> ([ProductReference], [LocationID], [UnitID]) {
        switch error {
        case .invalidSettings(let product, _), .unknownProduct(let product), .missingUnit(let product),
            .missingLocation(let product), .lotProductMismatch(_, let product), .overConsumption(let product, _, _),
            .dateInTheFuture(_, _, let product):
            ([product], [], [])
        case .unknownLocation(let id), .transferToSameLocation(let id), .locationNotEmpty(let id):
            ([], [id], [])
        case .locationHasSublocations(let id, let children): ([], [id] + children, [])
        case .locationCycle(let id, let parent): ([], [id, parent], [])
        case .unknownUnit(let id), .conversionToSameUnit(let id): ([], [], [id])
        case .noUnitConversion(let from, let to, let product), .conversionCycle(let from, let to, let product):
            (product.map { [$0] } ?? [], [], [from, to])
        case .overdrawProductMismatch(_, let overdrawn, let corrected): ([overdrawn, corrected], [], [])
        default: ([], [], [])
        }
    }
}
