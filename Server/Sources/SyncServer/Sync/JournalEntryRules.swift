import Foundation
import InventoryModule
import InventorySync

/// Checks a pushed journal entry with the kit's own rules before it is stored: the server keeps nothing the kit
/// would have refused to decide (a location name of 2,000 characters, a note over 4,096 bytes, a negative minimum
/// stock).
///
/// The kit has no public check of a journal entry on its own; its rules live in the command decisions. So the
/// operation is turned back into the command that decides it, and `InventoryCommandHandler.decide` runs it
/// against a probe state that holds exactly what the command refers to (the household, the locations, units and
/// products it names). What the kit checks against the household's real state — whether a lot holds enough,
/// whether a location is empty — is not judged here: those are decided in journal order on every device, and a
/// pushed entry may rightly disagree with the server's state (an over-draw). A use, opening or move is decided
/// against a probe lot that holds its amount, so only the amount itself, its unit and its dates are judged.
/// A count is decided against a probe that already holds its amount, a lot's edit against a probe lot, so their
/// amounts, prices, notes and days are judged. Operations that carry nothing of their own beyond ids (removals,
/// undo, dismissals) pass unchecked here; their ids are checked when the payload is decoded.
enum JournalEntryRules {
    /// The replica the probe's own entries are authored by.
    private static let probeReplica = ReplicaID("server:validation")

    /// Why the kit refuses the entry's operation, as the kit says it; `nil` when it accepts it.
    ///
    /// - Parameter now: the server's clock; a day "up to today" is judged two days later than the later of `now`
    ///   and the entry's own time, so a device ahead of UTC is not refused for its today.
    static func refusal(of entry: InventoryJournalEntry, now: Date) -> String? {
        guard let (command, references) = probe(entry.operation) else { return nil }
        let clock = max(now, entry.recordedAt).addingTimeInterval(2 * 86_400)
        var state = InventoryState()
        if case .createHousehold = command {
            // Decided against no household at all, in the zone the entry names.
        } else {
            let operations: [InventoryOperation] = [.createHousehold(name: "Probe", timeZone: .utc)]
                + references.locations.map { .defineLocation(StorageLocation(id: $0, name: "Probe")) }
                + references.units.map { .defineUnit(QuantityUnit(id: $0, name: "Probe")) }
                + references.lots.map { .purchase($0) }
            state = InventoryProjector.project(ProbeEntries(household: entry.householdID, now: clock).entries(operations))
        }
        let zone: HouseholdTimeZone = if case .createHousehold(_, let zone) = entry.operation { zone } else { .utc }
        let context = InventoryCommandContext(
            householdID: entry.householdID, now: clock, replicaID: probeReplica,
            correlationID: CorrelationID(rawValue: UUID()), makeUUID: { UUID() }, knownProducts: references.products,
            timeZone: zone)
        do throws(InventoryError) {
            _ = try InventoryCommandHandler.decide(command, in: state, context: context)
            return nil
        } catch {
            return error.description
        }
    }

    /// What a probe command refers to, so the probe state can hold it.
    struct References {
        var locations: [LocationID] = []
        var units: [UnitID] = []
        var products: Set<ProductReference> = []
        /// Stock the command takes from: a sealed lot holding the command's amount (its magnitude), bought long
        /// ago, so the kit judges the amount itself rather than what the household holds.
        var lots: [PurchasePayload] = []

        /// Adds a lot of `product` that `scope` selects, holding `amount` in `unit`.
        mutating func stock(_ product: ProductReference, _ amount: Decimal, _ unit: UnitID, in scope: StockScope) {
            var lotID = LotID(UUID())
            var location = LocationID(UUID())
            switch scope {
            case .lot(let id): lotID = id
            case .location(let id): location = id
            case .household: break
            }
            locations.append(location)
            units.append(unit)
            products.insert(product)
            lots.append(PurchasePayload(
                lotID: lotID, productID: product, amount: amount.magnitude, unit: unit, locationID: location,
                dueDate: .never, purchasedAt: Date(timeIntervalSince1970: 0)))
        }
    }

    /// The command that decides `operation`, with what it refers to; `nil` for operations checked only against
    /// the household's real state.
    static func probe(_ operation: InventoryOperation) -> (InventoryCommand, References)? {
        var references = References()
        switch operation {
        case .createHousehold(let name, _):
            return (.createHousehold(name: name), references)
        case .setHouseholdTimeZone(let zone):
            return (.setHouseholdTimeZone(zone), references)
        case .defineLocation(let location):
            // The parent is the household's business (it may come later in journal order); the name is the kit's.
            let definition = LocationDefinition(id: location.id, name: location.name, isFreezer: location.isFreezer)
            return (.defineLocation(definition), references)
        case .defineUnit(let unit):
            return (.defineUnit(UnitDefinition(id: unit.id, name: unit.name, pluralName: unit.pluralName)), references)
        case .defineConversion(let conversion):
            references.units = [conversion.from, conversion.to]
            references.products = Set([conversion.productID].compactMap(\.self))
            return (.defineConversion(conversion), references)
        case .setProductSettings(let settings):
            references.units = [settings.stockUnit].compactMap(\.self)
            references.locations = [settings.defaultLocation].compactMap(\.self)
            references.products = [settings.productID]
            return (.setProductSettings(settings), references)
        case .addShoppingListItem(let item):
            references.units = [item.unit].compactMap(\.self)
            references.products = Set([item.productID].compactMap(\.self))
            let request = ShoppingListRequest(productID: item.productID, note: item.note, amount: item.amount, unit: item.unit)
            return (.addShoppingListItem(request), references)
        case .purchase(let payload):
            references.units = [payload.unit]
            references.locations = [payload.locationID]
            references.products = [payload.productID]
            let request = PurchaseRequest(
                productID: payload.productID, amount: payload.amount, unit: payload.unit, locationID: payload.locationID,
                dueDate: payload.dueDate, price: payload.price, purchasedAt: payload.purchasedAt, note: payload.note,
                barcode: payload.barcode, dueDateProvenance: payload.dueDateProvenance, packagedOn: payload.packagedOn,
                packagedOnProvenance: payload.packagedOnProvenance)
            return (.purchase(request), references)
        case .consume(let payload):
            references.stock(payload.productID, payload.amount, payload.unit, in: payload.scope)
            let request = ConsumeRequest(
                productID: payload.productID, amount: payload.amount, unit: payload.unit, scope: payload.scope,
                spoiled: payload.spoiled)
            return (.consume(request), references)
        case .open(let payload):
            references.stock(payload.productID, payload.amount, payload.unit, in: payload.scope)
            let request = OpenRequest(
                productID: payload.productID, amount: payload.amount, unit: payload.unit, scope: payload.scope,
                openedOn: payload.openedOn, openedOnProvenance: payload.openedOnProvenance)
            return (.open(request), references)
        case .transfer(let payload):
            references.stock(payload.productID, payload.amount, payload.unit, in: payload.scope)
            references.locations.append(payload.destination)
            let request = TransferRequest(
                productID: payload.productID, amount: payload.amount, unit: payload.unit, scope: payload.scope,
                destination: payload.destination)
            return (.transfer(request), references)
        case .correct(let payload):
            // A correction sets the product's stock to its amount: the probe already holds that much where it
            // counts, so the kit judges the amount, unit, price and due date, not where an increase would go.
            let scope: StockScope = payload.locationID.map { .location($0) } ?? .household
            references.stock(payload.productID, payload.amount, payload.unit, in: scope)
            references.locations += [payload.additionLocationID].compactMap(\.self)
            let request = CorrectionRequest(
                productID: payload.productID, amount: payload.amount, unit: payload.unit,
                locationID: payload.locationID, dueDate: payload.dueDate, price: payload.price)
            return (.correct(request), references)
        case .editLot(let payload):
            // The edited lot is a probe lot bought long ago, so its price, note, location and days are judged.
            let unit = UnitID.derived(name: "probe")
            let product = ProductReference(UUID())
            references.stock(product, 1, unit, in: .lot(payload.lotID))
            references.locations += [payload.locationID].compactMap(\.self)
            return (.editLot(payload), references)
        case .removeLocation, .removeShoppingListItem, .undo, .dismissOverdraw:
            return nil
        }
    }

    /// The probe state's own entries: one transaction, a second apart, fresh ids (they are folded into the probe
    /// and dropped, so no id of theirs is ever seen).
    private struct ProbeEntries {
        let household: InventoryModule.HouseholdID
        let now: Date

        func entries(_ operations: [InventoryOperation]) -> [InventoryJournalEntry] {
            let transaction = TransactionID(rawValue: UUID())
            return operations.enumerated().map { index, operation in
                InventoryJournalEntry(
                    id: UUID(), householdID: household, transactionID: transaction,
                    correlationID: CorrelationID(rawValue: transaction.rawValue),
                    recordedAt: now.addingTimeInterval(Double(index - operations.count)),
                    replicaID: JournalEntryRules.probeReplica, operation: operation)
            }
        }
    }
}
