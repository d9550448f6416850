import Foundation

/// One decision in progress: the state, the context and the validation helpers.
struct CommandDecision {
    /// The state decided against.
    let state: InventoryState
    /// The caller's context.
    let context: InventoryCommandContext

    /// The operations of every command but `createHousehold`.
    func operations(for command: InventoryCommand) throws(InventoryError) -> [InventoryOperation] {
        switch command {
        case .createHousehold(let name): try createHousehold(name: name)
        case .setHouseholdTimeZone(let zone): try setHouseholdTimeZone(zone)
        case .defineLocation(let definition): try defineLocation(definition)
        case .removeLocation(let id): try removeLocation(id)
        case .defineUnit(let definition): try defineUnit(definition)
        case .defineConversion(let conversion): try defineConversion(conversion)
        case .setProductSettings(let settings): try setProductSettings(settings)
        case .addShoppingListItem(let request): try addShoppingListItem(request)
        case .removeShoppingListItem(let id): try removeShoppingListItem(id)
        case .purchase(let request): try purchase(request)
        case .consume(let request): try consume(request)
        case .open(let request): try open(request)
        case .transfer(let request): try transfer(request)
        case .correct(let request): try correct(request)
        case .editLot(let payload): try editLot(payload)
        case .undo(let id): try undo(id)
        case .dismissOverdraw(let id): try dismissOverdraw(id)
        }
    }

    // MARK: - Validation helpers

    /// `amount`, when it is a valid positive amount.
    ///
    /// - Throws: ``InventoryError/invalidAmount(_:)`` or ``InventoryError/nonPositiveAmount(_:)``.
    func positive(_ amount: Decimal) throws(InventoryError) -> Decimal {
        guard InventoryQuantity.isValid(amount) else { throw .invalidAmount(amount) }
        guard amount > 0 else { throw .nonPositiveAmount(amount) }
        return amount
    }

    /// `amount`, when it is absent or a valid amount of zero or more (a price, a minimum, a counted amount).
    ///
    /// - Throws: ``InventoryError/invalidAmount(_:)``.
    func nonNegative(_ amount: Decimal?) throws(InventoryError) -> Decimal? {
        guard let amount else { return nil }
        guard InventoryQuantity.isValid(amount), amount >= 0 else { throw .invalidAmount(amount) }
        return amount
    }

    /// Checks that the location exists.
    ///
    /// - Throws: ``InventoryError/unknownLocation(_:)``.
    func requireLocation(_ id: LocationID) throws(InventoryError) {
        guard state.locations[id] != nil else { throw .unknownLocation(id) }
    }

    /// Checks that the unit is defined.
    ///
    /// - Throws: ``InventoryError/unknownUnit(_:)``.
    func requireUnit(_ id: UnitID) throws(InventoryError) {
        guard state.units[id] != nil else { throw .unknownUnit(id) }
    }

    /// Checks that the product module knows the product.
    ///
    /// - Throws: ``InventoryError/unknownProduct(_:)``.
    func requireProduct(_ id: ProductReference) throws(InventoryError) {
        guard context.productExists(id) else { throw .unknownProduct(id) }
    }

    /// Checks that the product is known to the product module or has stock in the household.
    ///
    /// - Throws: ``InventoryError/unknownProduct(_:)``.
    func requireProductOrStock(_ id: ProductReference) throws(InventoryError) {
        guard context.productExists(id) || state.lotTable.hasLots(of: id) else {
            throw .unknownProduct(id)
        }
    }

    /// Checks that `unit` converts to the unit of every lot, for the product.
    ///
    /// - Throws: ``InventoryError/noUnitConversion(from:to:product:)`` for the first lot unit that does not.
    func requireConversions(
        from unit: UnitID, to lots: [StockLot], product: ProductReference
    ) throws(InventoryError) {
        let converter = state.unitConverter
        for lotUnit in Set(lots.map(\.unit)).sorted() {
            _ = try converter.factor(from: unit, to: lotUnit, product: product)
        }
    }

    /// The unit a stock command counts in: the one given, else the product's stock unit, else the unit every lot
    /// in scope shares.
    ///
    /// - Throws: ``InventoryError/missingUnit(_:)`` when none can be chosen, ``InventoryError/unknownUnit(_:)``.
    func unit(_ given: UnitID?, product: ProductReference, lots: [StockLot]) throws(InventoryError) -> UnitID {
        let shared = Set(lots.map(\.unit))
        guard let unit = given ?? state.productSettings[product]?.stockUnit ?? (shared.count == 1 ? shared.first : nil)
        else { throw .missingUnit(product) }
        try requireUnit(unit)
        return unit
    }

    /// The product's lots in the scope, in the consumption order.
    ///
    /// - Throws: ``InventoryError/unknownLocation(_:)``, ``InventoryError/unknownLot(_:)`` or
    ///   ``InventoryError/lotProductMismatch(_:product:)`` for a bad scope.
    func lots(
        of product: ProductReference, in scope: StockScope, sealedOnly: Bool = false,
        excluding destination: LocationID? = nil
    ) throws(InventoryError) -> [StockLot] {
        if case .location(let id) = scope { try requireLocation(id) }
        return try state.candidateLots(
            product: product, scope: scope, household: context.householdID, sealedOnly: sealedOnly,
            excluding: destination)
    }
}
