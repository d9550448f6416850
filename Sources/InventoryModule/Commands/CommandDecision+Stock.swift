import Foundation

extension CommandDecision {
    /// `purchase`: a known product, a positive amount, a defined unit convertible to the stock unit, an existing
    /// location; removes the shopping list item it fulfils in the same transaction.
    func purchase(_ request: PurchaseRequest) throws(InventoryError) -> [InventoryOperation] {
        let product = request.productID
        try requireProduct(product)
        let amount = try positive(request.amount)
        let settings = state.productSettings[product]
        guard let unit = request.unit ?? settings?.stockUnit else { throw .missingUnit(product) }
        try requireUnit(unit)
        if let stockUnit = settings?.stockUnit {
            _ = try state.unitConverter.factor(from: unit, to: stockUnit, product: product)
        }
        guard let location = request.locationID ?? settings?.defaultLocation else { throw .missingLocation(product) }
        try requireLocation(location)
        let price = try nonNegative(request.price)
        let note = try request.note.map { (note) throws(InventoryError) in try InventoryText.note(note) }
        let barcode = try request.barcode.map { (code) throws(InventoryError) in try InventoryText.note(code) }
        if let item = request.shoppingListItemID, state.shoppingListItems[item] == nil {
            throw .unknownShoppingListItem(item)
        }
        let dueDate = request.dueDate
        var provenance = request.dueDateProvenance
        try provenance?.validate(describing: LotDateProvenance.dueDateKinds)
        let packaged = try packagedOn(request.packagedOn, provenance: request.packagedOnProvenance, product: product)
        if provenance == nil, case .on = dueDate {
            provenance = .typed(settings?.dueDateKind == .expiry ? .useBy : .bestBefore)
        }
        if case .on = dueDate {} else { provenance = nil }
        let payload = PurchasePayload(
            lotID: LotID(context.makeUUID()), productID: product, amount: amount, unit: unit, locationID: location,
            dueDate: dueDate, price: price, purchasedAt: request.purchasedAt ?? context.now, note: note,
            barcode: barcode, dueDateProvenance: provenance, packagedOn: packaged.day,
            packagedOnProvenance: packaged.provenance)
        var operations: [InventoryOperation] = [.purchase(payload)]
        if let item = request.shoppingListItemID { operations.append(.removeShoppingListItem(item)) }
        return operations
    }

    /// `consume`: a positive amount the scope holds, in a unit its lots convert to.
    func consume(_ request: ConsumeRequest) throws(InventoryError) -> [InventoryOperation] {
        let product = request.productID
        try requireProductOrStock(product)
        let amount = try positive(request.amount)
        let candidates = try lots(of: product, in: request.scope)
        let unit = try unit(request.unit, product: product, lots: candidates)
        try requireAvailable(amount, unit: unit, product: product, in: candidates)
        return [
            .consume(
                ConsumePayload(
                    productID: product, amount: amount, unit: unit, scope: request.scope, spoiled: request.spoiled))
        ]
    }

    /// `open`: a positive amount of sealed stock in the scope, opened now or on a day up to today (with the
    /// opening day's provenance).
    func open(_ request: OpenRequest) throws(InventoryError) -> [InventoryOperation] {
        let product = request.productID
        try requireProductOrStock(product)
        let amount = try positive(request.amount)
        let candidates = try lots(of: product, in: request.scope, sealedOnly: true)
        let unit = try unit(request.unit, product: product, lots: candidates)
        try requireAvailable(amount, unit: unit, product: product, in: candidates)
        if let day = request.openedOn { try requireNotFuture(day, kind: .openedOn, product: product) }
        let provenance = try openedOnProvenance(request.openedOnProvenance, day: request.openedOn)
        return [
            .open(
                OpenPayload(
                    productID: product, amount: amount, unit: unit, scope: request.scope, openedOn: request.openedOn,
                    openedOnProvenance: provenance))
        ]
    }

    /// `transfer`: an existing destination other than where the stock is, and enough stock elsewhere in scope.
    func transfer(_ request: TransferRequest) throws(InventoryError) -> [InventoryOperation] {
        let product = request.productID
        try requireProductOrStock(product)
        let amount = try positive(request.amount)
        try requireLocation(request.destination)
        switch request.scope {
        case .location(let source) where source == request.destination:
            throw .transferToSameLocation(source)
        case .lot(let id) where state.lot(id)?.locationID == request.destination:
            throw .transferToSameLocation(request.destination)
        default:
            break
        }
        let candidates = try lots(of: product, in: request.scope, excluding: request.destination)
        let unit = try unit(request.unit, product: product, lots: candidates)
        try requireAvailable(amount, unit: unit, product: product, in: candidates)
        return [
            .transfer(
                TransferPayload(
                    productID: product, amount: amount, unit: unit, scope: request.scope,
                    destination: request.destination))
        ]
    }

    /// `correct`: a valid amount of zero or more, convertible lots, a location for an increase, and only open
    /// over-draws of the product to settle.
    func correct(_ request: CorrectionRequest) throws(InventoryError) -> [InventoryOperation] {
        let product = request.productID
        try requireProductOrStock(product)
        guard InventoryQuantity.isValid(request.amount), request.amount >= 0 else {
            throw .invalidAmount(request.amount)
        }
        let scope: StockScope = request.locationID.map { .location($0) } ?? .household
        let candidates = try lots(of: product, in: scope)
        let unit = try unit(request.unit, product: product, lots: candidates)
        try requireConversions(from: unit, to: candidates, product: product)
        let price = try nonNegative(request.price)
        let addition = request.locationID ?? state.productSettings[product]?.defaultLocation
        if request.amount > state.total(of: candidates, in: unit, product: product), addition == nil {
            throw .missingLocation(product)
        }
        let dueDate = request.dueDate
        let settled = try openOverdraws(request.settlingOverdraws, of: product)
        return [
            .correct(
                CorrectionPayload(
                    productID: product, amount: request.amount, unit: unit, locationID: request.locationID,
                    newLotID: LotID(context.makeUUID()), additionLocationID: addition, dueDate: dueDate,
                    price: price, settlesOverdraws: settled.isEmpty ? nil : settled))
        ]
    }

    /// `editLot`: an existing lot, at least one change, an existing location, a valid price and note, an opening or
    /// packaged-on day up to today with a provenance of its kind.
    func editLot(_ payload: EditLotPayload) throws(InventoryError) -> [InventoryOperation] {
        guard let lot = state.lot(payload.lotID) else { throw .unknownLot(payload.lotID) }
        guard !payload.isEmpty else { throw .emptyEdit(payload.lotID) }
        if let location = payload.locationID { try requireLocation(location) }
        _ = try nonNegative(payload.price?.newValue)
        if let note = payload.note?.newValue { _ = try InventoryText.note(note) }
        var edit = try lotDates(of: payload, lot: lot)
        edit.lotID = lot.id
        return [.editLot(edit)]
    }

    /// Checks that `candidates` hold `amount` in `unit`.
    ///
    /// - Throws: ``InventoryError/noUnitConversion(from:to:product:)`` when a lot's unit does not convert,
    ///   ``InventoryError/overConsumption(product:requested:available:)`` when they hold less.
    private func requireAvailable(
        _ amount: Decimal, unit: UnitID, product: ProductReference, in candidates: [StockLot]
    ) throws(InventoryError) {
        try requireConversions(from: unit, to: candidates, product: product)
        let available = state.total(of: candidates, in: unit, product: product)
        guard available >= amount else {
            throw .overConsumption(product: product, requested: amount, available: available)
        }
    }
}
