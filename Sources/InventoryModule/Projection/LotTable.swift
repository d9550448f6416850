import Foundation

/// The lots of an ``InventoryState`` by id, with the indexes the fold, the views and the command decisions look
/// them up by.
///
/// The table owns the lots and their ``LotIndexes`` together: every mutation goes through ``insert(_:)``,
/// ``remove(_:)`` or ``update(_:_:)``, which keep the indexes in step, so no code path can change one without the
/// other. The indexes are derived data: the table encodes as its lots dictionary alone (byte for byte the form
/// `[LotID: StockLot]` has), rebuilds them when decoded, and compares by its lots only.
///
/// Lookups by product or by product and location cost O(lots of that product there), not O(lots): a household has
/// a few hundred products and each has a handful of lots. A product's lots come in the consumption order, kept as
/// they change (O(log lots of the product) to place a lot), so taking stock needs no sort.
struct LotTable: Equatable, Sendable, Codable {
    /// The lots by id: the table's content.
    private(set) var byID: [LotID: StockLot]
    /// The ids by product, by product and location, and by location.
    private(set) var indexes: LotIndexes

    /// An empty table.
    init() {
        byID = [:]
        indexes = LotIndexes()
    }

    /// A table of `lots`, with its indexes built from them.
    init(_ lots: [LotID: StockLot]) {
        byID = lots
        indexes = LotIndexes(lots)
    }

    // MARK: - Coding and equality

    /// Decodes the lots dictionary and builds the indexes.
    ///
    /// - Throws: the decoder's error.
    init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([LotID: StockLot].self))
    }

    /// Encodes the lots dictionary alone.
    ///
    /// - Throws: the encoder's error.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(byID)
    }

    /// Two tables are equal when they hold equal lots (their indexes then are equal too).
    static func == (lhs: LotTable, rhs: LotTable) -> Bool {
        lhs.byID == rhs.byID
    }

    // MARK: - Reads

    /// The lot stored under `id`.
    subscript(id: LotID) -> StockLot? {
        Self.noteVisits(1)
        return byID[id]
    }

    /// Every lot, in no particular order: O(lots), for the views that look at all stock.
    var all: Dictionary<LotID, StockLot>.Values {
        Self.noteVisits(byID.count)
        return byID.values
    }

    /// The products that have lots.
    var products: Dictionary<ProductReference, [LotOrderKey]>.Keys {
        indexes.byProduct.keys
    }

    /// The lots of `product`, in the consumption order.
    func lots(of product: ProductReference) -> [StockLot] {
        orderedLots(of: product) { _ in true }
    }

    /// The lots of `product` that `isIncluded` accepts, in the consumption order: O(lots of the product).
    func orderedLots(of product: ProductReference, where isIncluded: (StockLot) -> Bool) -> [StockLot] {
        guard let keys = indexes.byProduct[product] else { return [] }
        Self.noteVisits(keys.count)
        var selected: [StockLot] = []
        for key in keys {
            if let lot = byID[key.id], isIncluded(lot) { selected.append(lot) }
        }
        return selected
    }

    /// The lots of `product` at `location` (not its sublocations), in no particular order.
    func lots(of product: ProductReference, at location: LocationID) -> [StockLot] {
        lots(indexes.byProductLocation[LotIndexes.ProductLocation(product: product, location: location)])
    }

    /// The lots at `location` (not its sublocations), in no particular order.
    func lots(at location: LocationID) -> [StockLot] {
        lots(indexes.byLocation[location])
    }

    /// Whether `product` has a lot.
    func hasLots(of product: ProductReference) -> Bool {
        indexes.byProduct[product] != nil
    }

    /// Whether a lot is at `location` (not counting its sublocations).
    func hasLots(at location: LocationID) -> Bool {
        indexes.byLocation[location] != nil
    }

    /// The lots an index bucket names.
    private func lots(_ ids: Set<LotID>?) -> [StockLot] {
        guard let ids else { return [] }
        Self.noteVisits(ids.count)
        return ids.compactMap { byID[$0] }
    }

    // MARK: - Mutations

    /// Stores `lot` under its id, replacing the lot stored there, and re-indexes it.
    mutating func insert(_ lot: StockLot) {
        if let old = byID.updateValue(lot, forKey: lot.id) {
            indexes.move(lot.id, from: old, to: lot)
        } else {
            indexes.add(lot.id, of: lot)
        }
    }

    /// Removes the lot stored under `id`, returning it.
    @discardableResult
    mutating func remove(_ id: LotID) -> StockLot? {
        guard let old = byID.removeValue(forKey: id) else { return nil }
        indexes.remove(id, of: old)
        return old
    }

    /// Changes the lot stored under `id` in place (nothing when there is none) and re-indexes it.
    mutating func update(_ id: LotID, _ change: (inout StockLot) -> Void) {
        guard var lot = byID[id] else { return }
        let old = lot
        change(&lot)
        byID[id] = lot
        indexes.move(id, from: old, to: lot)
    }

    // MARK: - Instrumentation

    /// Counts `count` lot visits for the ``LotVisitProbe`` of the current task (debug builds only).
    @inline(__always)
    static func noteVisits(_ count: Int) {
        #if DEBUG
        LotVisitProbe.current?.record(count)
        #endif
    }
}
