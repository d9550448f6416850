import Foundation

extension CommandDecision {
    /// `createHousehold`: a valid name, for a household that does not exist yet, created in the context's time
    /// zone (a zone the system knows; any name of UTC becomes ``HouseholdTimeZone/utc``).
    ///
    /// One entry carries the name and the zone: the creation's zone is never booked as a
    /// `setHouseholdTimeZone`, so it cannot override a zone the household already has when it meets another
    /// device's creation or a person's change after a sync.
    func createHousehold(name: String) throws(InventoryError) -> [InventoryOperation] {
        guard state.households[context.householdID] == nil else {
            throw .householdAlreadyExists(context.householdID)
        }
        let zone = try HouseholdTimeZone(identifier: context.timeZone.identifier)
        return [.createHousehold(name: try InventoryText.name(name), timeZone: zone.isUTC ? .utc : zone)]
    }

    /// `setHouseholdTimeZone`: a zone the system knows, chosen on purpose.
    func setHouseholdTimeZone(_ zone: HouseholdTimeZone) throws(InventoryError) -> [InventoryOperation] {
        [.setHouseholdTimeZone(try HouseholdTimeZone(identifier: zone.identifier))]
    }

    /// `defineLocation`: a valid name, an existing parent, no cycle.
    func defineLocation(_ definition: LocationDefinition) throws(InventoryError) -> [InventoryOperation] {
        let name = try InventoryText.name(definition.name)
        let id = definition.id ?? LocationID.derived(household: context.householdID, name: name)
        if let parent = definition.parentID {
            try requireLocation(parent)
            if state.wouldCloseCycle(id, parent: parent) { throw .locationCycle(id, parent: parent) }
        }
        return [
            .defineLocation(
                StorageLocation(id: id, name: name, parentID: definition.parentID, isFreezer: definition.isFreezer))
        ]
    }

    /// `removeLocation`: an existing location without stock or sublocations.
    func removeLocation(_ id: LocationID) throws(InventoryError) -> [InventoryOperation] {
        try requireLocation(id)
        if state.lotTable.hasLots(at: id) { throw .locationNotEmpty(id) }
        let children = state.locations.values.filter { $0.parentID == id }.map(\.id).sorted()
        if !children.isEmpty { throw .locationHasSublocations(id, children: children) }
        return [.removeLocation(id)]
    }

    /// `defineUnit`: valid names.
    func defineUnit(_ definition: UnitDefinition) throws(InventoryError) -> [InventoryOperation] {
        let name = try InventoryText.name(definition.name)
        var plural: String?
        if let given = definition.pluralName { plural = try InventoryText.name(given) }
        let id = definition.id ?? UnitID.derived(name: name)
        return [.defineUnit(QuantityUnit(id: id, name: name, pluralName: plural))]
    }

    /// `defineConversion`: two different defined units, a positive factor, a known product if any, and no cycle:
    /// the units must not already convert into each other through other conversions (a conversion between the
    /// same two units, either way round, is replaced, not a cycle).
    func defineConversion(_ conversion: UnitConversion) throws(InventoryError) -> [InventoryOperation] {
        try requireUnit(conversion.from)
        try requireUnit(conversion.to)
        guard conversion.from != conversion.to else { throw .conversionToSameUnit(conversion.from) }
        _ = try positive(conversion.factor)
        if let product = conversion.productID { try requireProduct(product) }
        let pair: Set<UnitID> = [conversion.from, conversion.to]
        let others = UnitConverter(conversions: state.conversions.values.filter { Set([$0.from, $0.to]) != pair })
        if others.canConvert(from: conversion.from, to: conversion.to, product: conversion.productID) {
            throw .conversionCycle(from: conversion.from, to: conversion.to, product: conversion.productID)
        }
        return [.defineConversion(conversion)]
    }

    /// `setProductSettings`: a known product, defined unit and location, no negative days or minimum.
    func setProductSettings(_ settings: ProductStockSettings) throws(InventoryError) -> [InventoryOperation] {
        let product = settings.productID
        try requireProduct(product)
        if let unit = settings.stockUnit { try requireUnit(unit) }
        if let location = settings.defaultLocation { try requireLocation(location) }
        var days: [(String, Int?)] = [
            ("days after opening", settings.dueDaysAfterOpening),
            ("days after freezing", settings.dueDaysAfterFreezing),
            ("days after thawing", settings.dueDaysAfterThawing), ("due-soon days", settings.dueSoonDays),
        ]
        if case .days(let count)? = settings.defaultDueDays { days.append(("default due days", count)) }
        for (name, value) in days {
            if let value, value < 0 { throw .invalidSettings(product, reason: "\(name) is negative (\(value))") }
        }
        guard InventoryQuantity.isValid(settings.minimumStock), settings.minimumStock >= 0 else {
            throw .invalidSettings(product, reason: "minimum stock \(settings.minimumStock) is not a valid amount")
        }
        return [.setProductSettings(settings)]
    }

    /// `addShoppingListItem`: a known product or a note, a positive amount in a defined unit if given.
    func addShoppingListItem(_ request: ShoppingListRequest) throws(InventoryError) -> [InventoryOperation] {
        if let product = request.productID { try requireProduct(product) }
        let note = try InventoryText.note(request.note)
        if request.productID == nil, note.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw .emptyShoppingListItem
        }
        if let amount = request.amount { _ = try positive(amount) }
        if let unit = request.unit { try requireUnit(unit) }
        let item = ShoppingListItem(
            id: ShoppingListItemID(context.makeUUID()), productID: request.productID, note: note,
            amount: request.amount, unit: request.unit, addedAt: context.now)
        return [.addShoppingListItem(item)]
    }

    /// `removeShoppingListItem`: an item on the list.
    func removeShoppingListItem(_ id: ShoppingListItemID) throws(InventoryError) -> [InventoryOperation] {
        guard state.shoppingListItems[id] != nil else { throw .unknownShoppingListItem(id) }
        return [.removeShoppingListItem(id)]
    }
}
