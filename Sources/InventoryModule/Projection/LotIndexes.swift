import Foundation

/// The ids of a ``LotTable``'s lots by product (in the consumption order), by product and location, and by
/// location: derived data, rebuilt from the lots whenever in doubt.
///
/// Every bucket holds at least one id: a key whose last lot goes away is removed, so indexes maintained lot by lot
/// equal indexes built from the same lots. The buckets are keyed by id types only (no dates or decimals), so a
/// lookup finds exactly the lots whose fields are `==` to the key. Lots are indexed under the key the table stores
/// them by.
struct LotIndexes: Equatable, Sendable {
    /// A product at one location: the key of the lots a purchase can merge into and a location scope takes from.
    struct ProductLocation: Hashable, Sendable {
        /// The product.
        var product: ProductReference
        /// The location.
        var location: LocationID
    }

    /// The order keys of each product's lots, sorted: the product's lots in the consumption order.
    private(set) var byProduct: [ProductReference: [LotOrderKey]] = [:]
    /// Lot ids by product and location.
    private(set) var byProductLocation: [ProductLocation: Set<LotID>] = [:]
    /// Lot ids by location.
    private(set) var byLocation: [LocationID: Set<LotID>] = [:]

    /// Empty indexes.
    init() {}

    /// The indexes of `lots`.
    init(_ lots: [LotID: StockLot]) {
        for (id, lot) in lots {
            byProduct[lot.productID, default: []].append(LotOrderKey(lot, id: id))
            addToSets(id, of: lot)
        }
        for product in byProduct.keys { byProduct[product]?.sort() }
    }

    /// Indexes `lot`, stored under `id`.
    mutating func add(_ id: LotID, of lot: StockLot) {
        let key = LotOrderKey(lot, id: id)
        byProduct[lot.productID, default: []].insertSorted(key)
        addToSets(id, of: lot)
    }

    /// Adds `lot`, stored under `id`, to the unordered buckets.
    private mutating func addToSets(_ id: LotID, of lot: StockLot) {
        byProductLocation[ProductLocation(product: lot.productID, location: lot.locationID), default: []].insert(id)
        byLocation[lot.locationID, default: []].insert(id)
    }

    /// Removes `lot`, stored under `id`, from the indexes.
    mutating func remove(_ id: LotID, of lot: StockLot) {
        if var ordered = byProduct.removeValue(forKey: lot.productID) {
            ordered.removeSorted(LotOrderKey(lot, id: id))
            if !ordered.isEmpty { byProduct[lot.productID] = ordered }
        }
        let productLocation = ProductLocation(product: lot.productID, location: lot.locationID)
        Self.remove(id, key: productLocation, from: &byProductLocation)
        Self.remove(id, key: lot.locationID, from: &byLocation)
    }

    /// Re-indexes the lot stored under `id` after it changed from `old` to `new` (nothing to do unless its product,
    /// its location or its place in the consumption order changed).
    mutating func move(_ id: LotID, from old: StockLot, to new: StockLot) {
        guard
            old.productID != new.productID || old.locationID != new.locationID
                || LotOrderKey(old, id: id) != LotOrderKey(new, id: id)
        else { return }
        remove(id, of: old)
        add(id, of: new)
    }

    /// Removes `id` from the bucket of `key`, dropping the bucket when it empties.
    private static func remove<Key: Hashable>(_ id: LotID, key: Key, from index: inout [Key: Set<LotID>]) {
        guard var bucket = index.removeValue(forKey: key) else { return }
        bucket.remove(id)
        if !bucket.isEmpty { index[key] = bucket }
    }
}

extension [LotOrderKey] {
    /// Inserts `key` at its place in this sorted array (after equal keys): O(log n) to find, O(n) to shift.
    fileprivate mutating func insertSorted(_ key: LotOrderKey) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if key < self[middle] { high = middle } else { low = middle + 1 }
        }
        insert(key, at: low)
    }

    /// Removes the key with `key`'s id from this sorted array: found by binary search, else (when the stored keys
    /// do not order strictly, e.g. a NaN date) by a linear search.
    fileprivate mutating func removeSorted(_ key: LotOrderKey) {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < key { low = middle + 1 } else { high = middle }
        }
        if low < count, self[low].id == key.id {
            remove(at: low)
        } else if let index = firstIndex(where: { $0.id == key.id }) {
            remove(at: index)
        }
    }
}
