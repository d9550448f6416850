import Foundation
import InventoryKit
import InventoryModule

/// The units and locations a command's options name, and the product's defaults when they name none.
extension PantryEnvironment {
    /// The unit with this name (or plural name), or a typed error listing the known ones.
    func unit(named name: String) async throws -> UnitID {
        let state = try await inventory.state(of: household)
        if let unit = state.unit(named: name) { return unit.id }
        let known = state.units.values.map(\.name).sorted().joined(separator: ", ")
        throw PantryError.invalidArgument(
            "no unit \(name); known units: \(known.isEmpty ? "none" : known) (`pantry unit add NAME` adds one)")
    }

    /// The unit an amount is in: the `--unit` given, else the product's stock unit, else pieces.
    func unit(_ option: String?, for product: ProductReference) async throws -> UnitID {
        if let option { return try await unit(named: option) }
        return try await inventory.state(of: household).productSettings[product]?.stockUnit ?? Self.piece
    }

    /// Where a purchase goes: the `--location` given, else the product's default location, else
    /// ``StockCommand/defaultLocation``.
    func purchaseLocation(_ option: String?, for product: ProductReference) async throws -> LocationID {
        if let option { return try await location(named: option) }
        if let location = try await inventory.state(of: household).productSettings[product]?.defaultLocation { return location }
        return try await location(named: StockCommand.defaultLocation)
    }
}
