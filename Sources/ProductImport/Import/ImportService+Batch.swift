import Foundation
import InventoryKit
import ProductModule

extension ImportService {
    /// Stages one prepared batch against the catalog: the products that still carry a record's fingerprint, then
    /// the other records normalized (on every core) and their stored products read in one call, the merges in record
    /// order, each product to write validated. Nothing is written; the batch's reads are named in
    /// ``StagedBatch/touched``.
    ///
    /// - Parameters:
    ///   - prepared: The batch; records normalized while staging stay normalized in it, for a second staging.
    ///   - offset: The position of the batch's first record in the input.
    ///   - skippedKnown: Called once the skipped records are known, with their number (the run then starts
    ///     preparing the next batch).
    func stage<Provider: ProductProvider>(
        _ prepared: inout PreparedBatch<Provider>, offset: Int, provider: Provider, skippedKnown: (Int) -> Void
    ) async throws -> StagedBatch {
        let now = prepared.context.now
        let count = prepared.records.count
        let fingerprints = prepared.fingerprints

        // 1. The products that still carry one of the fingerprints: those records are skipped.
        var skipped = [ProductID?](repeating: nil, count: count)
        let known = try await products.productIDs(withSourceFingerprints: fingerprints.compactMap { $0 })
        for index in 0..<count { skipped[index] = fingerprints[index].flatMap { known[$0] } }
        skippedKnown(skipped.count { $0 != nil })

        // 2. Normalize the other records (unless prepared already); read their stored products in one call.
        var found: [ProductID: Product] = [:]
        var damaged: [ProductID: String] = [:]
        var batch = StagedBatch(report: ImportReport(provider: provider.providerID), count: count)
        await prepared.normalize((0..<count).filter { skipped[$0] == nil }, provider: provider)
        try await lookUp(keys(of: prepared, skipped: skipped), found: &found, damaged: &damaged, touched: &batch.touched)
        // A skipped record whose product another record of the batch changes is merged like the others, in order.
        var touched: Set<ProductID> = []
        for position in 0..<count where skipped[position] == nil {
            guard case .success(let imported)? = prepared.normalized[position] else { continue }
            touched.insert(found[imported.product.productID]?.productID ?? imported.product.productID)
        }
        let unskipped = (0..<count).filter { skipped[$0].map(touched.contains) == true }
        if !unskipped.isEmpty {
            unskipped.forEach { skipped[$0] = nil }
            await prepared.normalize(unskipped, provider: provider)
            try await lookUp(keys(of: prepared, skipped: skipped), found: &found, damaged: &damaged, touched: &batch.touched)
        }
        let results = prepared.normalized

        // 3. Stage every record in order.
        var staged: [ProductID: StagedProduct] = [:]
        var order: [ProductID] = []
        staged.reserveCapacity(count)
        order.reserveCapacity(count)
        for position in 0..<count {
            let index = offset + position
            if let id = skipped[position] {
                if staged[id] == nil {
                    staged[id] = StagedProduct(product: nil, isStored: true, dirty: false, fingerprint: nil, outcomes: [])
                    order.append(id)
                }
                staged[id]?.outcomes.append((index, .unchanged))
                continue
            }
            guard let normalized = results[position] else { continue }
            let imported: ImportedProduct
            switch normalized {
            case .failure(let rejection):
                batch.report.rejected.append(ImportRejectionEntry(index: index, reason: rejection))
                continue
            case .success(let value):
                imported = value
            }
            keep(imported.warnings.map { ImportWarningEntry(index: index, warning: $0) }, in: &batch.report)
            let incoming = imported.product
            var key = incoming.productID
            if let damage = damaged[key] {
                batch.report.rejected.append(
                    ImportRejectionEntry(index: index, reason: .storedProductDamaged(key, reason: damage)))
                continue
            }
            if staged[key] == nil {
                if let stored = found[key] {
                    key = stored.productID
                    if staged[key] == nil {
                        staged[key] = StagedProduct(product: stored, isStored: true, dirty: false, fingerprint: nil, outcomes: [])
                        order.append(key)
                    }
                } else {
                    staged[key] = StagedProduct(
                        product: incoming, isStored: false, dirty: true, fingerprint: fingerprints[position],
                        outcomes: [(index, .created)])
                    order.append(key)
                    continue
                }
            }
            guard var entry = staged[key], let current = entry.product ?? found[key] else { continue }
            let merged = merger.merge(incoming, into: current, now: now)
            keep(merged.warnings.map { ImportWarningEntry(index: index, warning: $0) }, in: &batch.report)
            if merged.changed {
                entry.product = merged.product
                entry.dirty = true
                entry.outcomes.append((index, .updated))
            } else {
                entry.product = current
                entry.outcomes.append((index, .unchanged))
            }
            entry.fingerprint = entry.outcomes.count == 1 ? fingerprints[position] : nil
            staged[key] = entry
        }

        // 4. Validate what is written: one add, one update.
        batch.touched.formUnion(order)
        for key in order {
            // Moved out, not copied: the product is changed below without copying its storage.
            guard var entry = staged.removeValue(forKey: key) else { continue }
            guard var product = entry.product else {
                Self.record(entry, id: key, report: &batch.report)
                continue
            }
            if entry.dirty {
                // A new product made by one record is that record's normalized product, validated while it was
                // prepared; a merged one is checked here, as the catalog's commands check a write. The catalog then
                // checks only what it stamps (`addProducts(validated:)`); the fingerprint recorded below is a short
                // attribute, which never makes a product invalid.
                let preValidated = !entry.isStored && entry.outcomes.count == 1
                    && prepared.validated[entry.outcomes[0].index - offset]
                do {
                    if !preValidated { try product.validateAsNewInput() }
                } catch {
                    Self.reject(entry, .invalidProduct(product.productID, reason: error.description), report: &batch.report)
                    continue
                }
                // The version the write creates: 1 for a new product, the next one for an update. Should the store
                // stamp another, the fingerprint simply never matches.
                if let fingerprint = entry.fingerprint {
                    entry.product = nil
                    product.recordSourceFingerprint(fingerprint, atVersion: entry.isStored ? product.version + 1 : 1)
                    entry.product = product
                }
            }
            if !entry.isStored {
                batch.additions.append(entry)
            } else if entry.dirty {
                batch.updates.append(entry)
            } else {
                Self.record(entry, id: key, report: &batch.report)
            }
        }
        return batch
    }

    /// The ids of the normalized records that are not skipped.
    private func keys<Provider: ProductProvider>(of prepared: PreparedBatch<Provider>, skipped: [ProductID?]) -> [ProductID] {
        prepared.normalized.indices.compactMap { position in
            guard skipped[position] == nil, case .success(let imported)? = prepared.normalized[position] else { return nil }
            return imported.product.productID
        }
    }

    /// Reads the stored products of `keys` in one call; when one of them is damaged, reads them one by one so the
    /// damaged ones are named and the others found.
    private func lookUp(
        _ keys: [ProductID], found: inout [ProductID: Product], damaged: inout [ProductID: String],
        touched: inout Set<ProductID>
    ) async throws {
        var seen: Set<ProductID> = []
        let missing = keys.filter { found[$0] == nil && damaged[$0] == nil && seen.insert($0).inserted }
        guard !missing.isEmpty else { return }
        touched.formUnion(missing)
        defer { touched.formUnion(missing.compactMap { found[$0]?.productID }) }
        do {
            found.merge(try await products.retrieveProducts(ids: missing)) { _, new in new }
        } catch let error as StorageError where error.isDamagedData {
            for key in missing {
                do {
                    if let product = try await products.retrieveProduct(by: .productID(key)) { found[key] = product }
                } catch let error as StorageError where error.isDamagedData {
                    // The stored copy is damaged: this record cannot be merged, the others go on.
                    damaged[key] = error.description
                }
            }
        }
    }
}
