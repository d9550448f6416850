import Foundation

extension InventoryState {
    /// The order stock is taken in: opened lots first, then the earliest due date (no due date last), then first
    /// in (purchase time), then lot id.
    static func consumptionOrder(_ lhs: StockLot, _ rhs: StockLot) -> Bool {
        LotOrderKey(lhs) < LotOrderKey(rhs)
    }

    /// The converter over the state's conversions.
    public var unitConverter: UnitConverter {
        UnitConverter(conversions: conversions.values)
    }

    /// The id of the lot `id` names: itself, or the lot a merged purchase's id is an alias of.
    public func resolvedLotID(_ id: LotID) -> LotID {
        var current = id
        var visited: Set<LotID> = []
        while lotTable[current] == nil, let next = lotAliases[current], visited.insert(current).inserted {
            current = next
        }
        return current
    }

    /// The lot `id` names (resolving aliases of merged purchases), when it holds stock.
    public func lot(_ id: LotID) -> StockLot? {
        lotTable[resolvedLotID(id)]
    }

    /// The product's lots in `scope` and `household`, in the consumption order: O(k) for the k lots of the product,
    /// which the lot table keeps in that order.
    ///
    /// - Throws: ``InventoryError/unknownLot(_:)`` when a lot scope names no lot with stock,
    ///   ``InventoryError/lotProductMismatch(_:product:)`` when it holds another product.
    func candidateLots(
        product: ProductReference, scope: StockScope, household: HouseholdID, sealedOnly: Bool = false,
        excluding destination: LocationID? = nil
    ) throws(InventoryError) -> [StockLot] {
        let location: LocationID?
        switch scope {
        case .lot(let id):
            guard let lot = lot(id) else { throw .unknownLot(id) }
            guard lot.productID == product else { throw .lotProductMismatch(lot.id, product: product) }
            let isCandidate =
                lot.householdID == household && !(sealedOnly && lot.isOpened) && lot.locationID != destination
            return isCandidate ? [lot] : []
        case .location(let id):
            location = id
        case .household:
            location = nil
        }
        return lotTable.orderedLots(of: product) { lot in
            lot.householdID == household && !(sealedOnly && lot.isOpened) && lot.locationID != destination
                && (location == nil || lot.locationID == location)
        }
    }

    /// Plans taking `amount` (in `unit`) from `candidates` in their order: whole lots while they fit, then a part
    /// of the next one. Amounts are exact unless a lot's unit differs from `unit` (then rounded to 9 digits).
    func allocate(
        _ amount: Decimal, unit: UnitID, product: ProductReference, from candidates: [StockLot]
    ) -> AllocationPlan {
        var plan = AllocationPlan()
        var remaining = amount
        let converter = unitConverter
        for lot in candidates where remaining > 0 {
            guard let toRequest = try? converter.factor(from: lot.unit, to: unit, product: product),
                let toLot = try? converter.factor(from: unit, to: lot.unit, product: product)
            else {
                plan.unconvertible.append(lot)
                continue
            }
            let available = InventoryQuantity.scaled(lot.quantity, by: toRequest)
            let wanted = InventoryQuantity.scaled(remaining, by: toLot)
            if available <= remaining || wanted >= lot.quantity {
                plan.allocations.append(LotAllocation(lot: lot, amount: lot.quantity, isWhole: true))
                remaining = available <= remaining ? remaining - available : 0
            } else {
                if wanted > 0 { plan.allocations.append(LotAllocation(lot: lot, amount: wanted, isWhole: false)) }
                remaining = 0
            }
        }
        plan.missing = max(remaining, 0)
        return plan
    }

    /// The total of `candidates` in `unit`, leaving out lots whose unit does not convert.
    func total(of candidates: [StockLot], in unit: UnitID, product: ProductReference) -> Decimal {
        let converter = unitConverter
        return candidates.reduce(into: Decimal(0)) { sum, lot in
            if let factor = try? converter.factor(from: lot.unit, to: unit, product: product) {
                sum += InventoryQuantity.scaled(lot.quantity, by: factor)
            }
        }
    }
}
