import Foundation
import InventoryKit
import InventorySync

/// Turns the catalog's commands into one local transaction each: validation, stamps, outbox entries, barcode
/// migrations. It reads the store and decides; the service commits, inside its `SerialGate`, so a command's
/// checks (the stored version, the absence of a product) hold when it commits.
struct ProductCommandPlanner: Sendable {
    /// The local ports.
    let store: any ProductStore
    /// This replica, stamped on every change.
    let replicaID: ReplicaID
    /// Makes outbox entries.
    let queue: ProductChangeQueue

    // MARK: - Add

    /// The transaction adding `products` over their local states (a missing state is an unknown product).
    ///
    /// - Parameter validated: Whether the caller checked every product with `Product.validateAsNewInput()` just
    ///   before; only the stamped fields are checked then.
    func additions(
        _ products: [Product], states: [ProductID: ProductLocalState], now: Date, validated: Bool = false
    ) async throws -> (ProductLocalTransaction, [Product]) {
        var transaction = ProductLocalTransaction()
        var added: [Product] = []
        added.reserveCapacity(products.count)
        let firstSequence = products.isEmpty ? 0 : try await queue.reserve(products.count)
        for (offset, product) in products.enumerated() {
            if !validated { try Self.validate(product) }
            let state = states[product.productID] ?? ProductLocalState()
            if state.product != nil { throw ProductModuleError.alreadyExists(product.productID) }
            let tombstone = state.tombstone
            let previous = state.syncRecord
            let stamp = tombstone.map { ($0.stamp).successor(now: now, replica: replicaID) }
                ?? SyncStamp(updatedAt: max(now, product.createdAt), version: 1, replicaID: replicaID)
            var stored = product
            stored.version = stamp.version
            stored.updatedAt = stamp.updatedAt
            stored.createdAt = min(product.createdAt, stamp.updatedAt)
            // Only the stamped fields changed since the product was validated: check those.
            do {
                try stored.validateVersionAndDates()
            } catch {
                throw ProductModuleError.invalidProduct(product.productID, error)
            }
            if tombstone != nil { transaction.removedTombstones.append(product.productID) }
            queue.enqueue(
                ProductChange(productID: stored.productID, product: stored, stamp: stamp, baseStamp: previous?.baseStamp),
                sequence: firstSequence + Int64(offset), previous: previous, replacing: state.pendingEntry,
                into: &transaction, now: now)
            added.append(stored)
        }
        return (transaction, added)
    }

    // MARK: - Update

    /// The transaction updating `products`, each submitted from its stored version.
    func updates(_ products: [Product], now: Date) async throws -> (ProductLocalTransaction, UpdateProductsResult) {
        var transaction = ProductLocalTransaction()
        var result = UpdateProductsResult(updated: [], unchanged: [], migrated: [])
        var claimedBarcodes: Set<ProductID> = []
        let states = try await store.localStates(products.map(\.productID))
        for submitted in products {
            let id = submitted.productID
            let state = states[id] ?? ProductLocalState()
            guard let current = state.product else { throw ProductModuleError.notFound(id) }
            guard submitted.version == current.version else {
                throw ProductModuleError.staleVersion(id, stored: current.version, submitted: submitted.version)
            }
            let previous = state.syncRecord
            let currentStamp = previous?.stamp ?? stamp(of: current)
            if let existing = current.barcode {
                guard submitted.barcode?.value == existing.value else { throw ProductModuleError.barcodeChangeNotAllowed(id) }
            } else if let barcode = submitted.barcode, barcode.value != id.rawValue {
                let alias = try await migrate(
                    submitted, to: barcode, current: current, currentStamp: currentStamp, state: state,
                    claimed: &claimedBarcodes, into: &transaction, now: now)
                result.migrated.append(alias.alias)
                result.updated.append(alias.product)
                continue
            }
            var candidate = submitted
            candidate.createdAt = current.createdAt
            candidate.updatedAt = current.updatedAt
            if candidate == current {
                result.unchanged.append(id)
                continue
            }
            let stamp = currentStamp.successor(now: now, replica: replicaID)
            candidate.version = stamp.version
            candidate.updatedAt = stamp.updatedAt
            try Self.validate(candidate)
            do {
                try candidate.validateTransition(from: current)
            } catch {
                throw ProductModuleError.invalidProduct(id, error)
            }
            // The fields this write changed take its stamp; the others keep theirs (a field-by-field merge reads them).
            let clock = (previous?.resolvedFieldClock ?? ProductFieldClock(base: currentStamp))
                .writing(candidate.changedFields(from: current), at: stamp)
            try await queue.enqueue(
                ProductChange(
                    productID: id, product: candidate, stamp: stamp, baseStamp: previous?.baseStamp,
                    fieldClock: clock.stored(for: stamp)),
                previous: previous, replacing: state.pendingEntry, into: &transaction, now: now)
            result.updated.append(candidate)
        }
        return (transaction, result)
    }

    // MARK: - Delete

    /// The transaction deleting `ids`: each becomes a tombstone that syncs.
    func deletions(_ ids: [ProductID], now: Date) async throws -> ProductLocalTransaction {
        var transaction = ProductLocalTransaction()
        let states = try await store.localStates(ids)
        let firstSequence = ids.isEmpty ? 0 : try await queue.reserve(ids.count)
        for (offset, id) in ids.enumerated() {
            let state = states[id] ?? ProductLocalState()
            guard let current = state.product else { throw ProductModuleError.notFound(id) }
            let previous = state.syncRecord
            let stamp = (previous?.stamp ?? stamp(of: current)).successor(now: now, replica: replicaID)
            transaction.removedProducts.append(id)
            transaction.tombstones.append(ProductTombstone(productID: id, stamp: stamp))
            queue.enqueue(
                ProductChange(productID: id, product: nil, stamp: stamp, baseStamp: previous?.baseStamp),
                sequence: firstSequence + Int64(offset), previous: previous, replacing: state.pendingEntry,
                into: &transaction, now: now)
        }
        return transaction
    }

    // MARK: - Barcode migration

    private func migrate(
        _ submitted: Product, to barcode: Barcode, current: Product, currentStamp: SyncStamp,
        state: ProductLocalState, claimed: inout Set<ProductID>, into transaction: inout ProductLocalTransaction,
        now: Date
    ) async throws -> (alias: ProductAlias, product: Product) {
        var base = submitted
        base.barcode = nil
        base.createdAt = current.createdAt
        base.updatedAt = current.updatedAt
        base.version = current.version
        let migrated: (product: Product, alias: ProductAlias)
        do {
            migrated = try base.withBarcodeMigration(barcode.value, now: now)
        } catch {
            throw ProductModuleError.invalidProduct(current.productID, error)
        }
        var canonical = migrated.product
        canonical.barcode = barcode
        let newID = canonical.productID
        let target = try await store.localStates([newID])[newID] ?? ProductLocalState()
        if claimed.contains(newID) || target.product != nil {
            throw ProductModuleError.barcodeAlreadyAssigned(barcode: barcode.value, to: newID)
        }
        claimed.insert(newID)
        let newTombstone = target.tombstone
        let newPrevious = target.syncRecord
        let canonicalStamp = newTombstone.map { $0.stamp.successor(now: now, replica: replicaID) }
            ?? SyncStamp(updatedAt: max(now, canonical.updatedAt), version: canonical.version, replicaID: replicaID)
        canonical.version = canonicalStamp.version
        canonical.updatedAt = canonicalStamp.updatedAt
        try Self.validate(canonical)
        if newTombstone != nil { transaction.removedTombstones.append(newID) }
        try await queue.enqueue(
            ProductChange(productID: newID, product: canonical, stamp: canonicalStamp, baseStamp: newPrevious?.baseStamp),
            previous: newPrevious, replacing: target.pendingEntry, into: &transaction, now: now)
        let oldStamp = currentStamp.successor(now: now, replica: replicaID)
        transaction.removedProducts.append(current.productID)
        transaction.tombstones.append(ProductTombstone(productID: current.productID, stamp: oldStamp, migratedTo: newID))
        try await queue.enqueue(
            ProductChange(
                productID: current.productID, product: nil, stamp: oldStamp, baseStamp: state.syncRecord?.baseStamp,
                migratedTo: newID),
            previous: state.syncRecord, replacing: state.pendingEntry, into: &transaction, now: now)
        return (migrated.alias, canonical)
    }

    // MARK: - Helpers

    /// The stamp of a product without a sync record (written before records existed).
    func stamp(of product: Product) -> SyncStamp {
        SyncStamp(updatedAt: product.updatedAt, version: product.version, replicaID: replicaID)
    }

    /// Validates a product as new local input (``Product/validateAsNewInput()``), naming it in the error.
    static func validate(_ product: Product) throws {
        do {
            try product.validateAsNewInput()
        } catch {
            throw ProductModuleError.invalidProduct(product.productID, error)
        }
    }

    /// Throws for the first id that appears twice.
    static func rejectDuplicates(_ ids: [ProductID]) throws {
        var seen: Set<ProductID> = []
        for id in ids where !seen.insert(id).inserted { throw ProductModuleError.duplicateInBatch(id) }
    }
}
