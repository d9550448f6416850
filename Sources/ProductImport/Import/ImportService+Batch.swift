import Foundation
import InventoryKit
import ProductModule

extension ImportService {
    /// A product the batch touches: the stored or new product, the records that touched it and whether it must
    /// be written.
    struct Staged {
        /// The product as merged so far; `nil` while only skipped records (unchanged by fingerprint) touched it.
        var product: Product?
        /// Whether the catalog holds the product.
        var isStored: Bool
        /// Whether the merged product differs from the stored one (or is new).
        var dirty: Bool
        /// The source fingerprint of the one record that made the product, recorded with the write; `nil` when
        /// several records of the batch touched it.
        var fingerprint: String?
        /// Each record's outcome, by position in the input.
        var outcomes: [(index: Int, outcome: Outcome)]
    }

    /// What a record did to its product.
    enum Outcome {
        case created, updated, unchanged
    }

    /// Imports one prepared batch: the products that still carry a record's fingerprint, then the other records
    /// normalized (on every core) and their stored products read in one call, the merges in record order, then one
    /// add and one update.
    ///
    /// - Parameter skippedKnown: Called once the skipped records are known, with their number (the run then starts
    ///   preparing the next batch).
    func importBatch<Provider: ProductProvider>(
        _ prepared: PreparedBatch<Provider>, offset: Int, provider: Provider, report: inout ImportReport<ProductID>,
        skippedKnown: (Int) -> Void
    ) async throws {
        var prepared = prepared
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
        await prepared.normalize((0..<count).filter { skipped[$0] == nil }, provider: provider)
        try await lookUp(keys(of: prepared, skipped: skipped), found: &found, damaged: &damaged)
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
            try await lookUp(keys(of: prepared, skipped: skipped), found: &found, damaged: &damaged)
        }
        let results = prepared.normalized

        // 3. Stage every record in order.
        var staged: [ProductID: Staged] = [:]
        var order: [ProductID] = []
        staged.reserveCapacity(count)
        order.reserveCapacity(count)
        for position in 0..<count {
            let index = offset + position
            if let id = skipped[position] {
                if staged[id] == nil {
                    staged[id] = Staged(product: nil, isStored: true, dirty: false, fingerprint: nil, outcomes: [])
                    order.append(id)
                }
                staged[id]?.outcomes.append((index, .unchanged))
                continue
            }
            guard let normalized = results[position] else { continue }
            let imported: ImportedProduct
            switch normalized {
            case .failure(let rejection):
                report.rejected.append(ImportRejectionEntry(index: index, reason: rejection))
                continue
            case .success(let value):
                imported = value
            }
            keep(imported.warnings.map { ImportWarningEntry(index: index, warning: $0) }, in: &report)
            let incoming = imported.product
            var key = incoming.productID
            if let damage = damaged[key] {
                report.rejected.append(ImportRejectionEntry(index: index, reason: .storedProductDamaged(key, reason: damage)))
                continue
            }
            if staged[key] == nil {
                if let stored = found[key] {
                    key = stored.productID
                    if staged[key] == nil {
                        staged[key] = Staged(product: stored, isStored: true, dirty: false, fingerprint: nil, outcomes: [])
                        order.append(key)
                    }
                } else {
                    staged[key] = Staged(
                        product: incoming, isStored: false, dirty: true, fingerprint: fingerprints[position],
                        outcomes: [(index, .created)])
                    order.append(key)
                    continue
                }
            }
            guard var entry = staged[key], let current = entry.product ?? found[key] else { continue }
            let merged = merger.merge(incoming, into: current, now: now)
            keep(merged.warnings.map { ImportWarningEntry(index: index, warning: $0) }, in: &report)
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

        // 4. Validate, then write the batch: one add, one update.
        var additions: [Staged] = []
        var updates: [Staged] = []
        for key in order {
            // Moved out, not copied: the product is changed below without copying its storage.
            guard var entry = staged.removeValue(forKey: key) else { continue }
            guard var product = entry.product else {
                record(entry, id: key, report: &report)
                continue
            }
            if entry.dirty {
                // A new product made by one record is that record's normalized product, validated while it was
                // prepared; a merged one is checked here.
                let preValidated = !entry.isStored && entry.outcomes.count == 1
                    && prepared.validated[entry.outcomes[0].index - offset]
                do {
                    if !preValidated { try product.validate() }
                } catch {
                    reject(entry, .invalidProduct(product.productID, reason: error.description), report: &report)
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
                additions.append(entry)
            } else if entry.dirty {
                updates.append(entry)
            } else {
                record(entry, id: key, report: &report)
            }
        }
        try await write(additions, report: &report) { try await self.products.addProducts($0.compactMap(\.product)) }
        try await write(updates, report: &report) { try await self.products.updateProducts($0.compactMap(\.product)) }
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
        _ keys: [ProductID], found: inout [ProductID: Product], damaged: inout [ProductID: String]
    ) async throws {
        var seen: Set<ProductID> = []
        let missing = keys.filter { found[$0] == nil && damaged[$0] == nil && seen.insert($0).inserted }
        guard !missing.isEmpty else { return }
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

    /// Writes staged products in one call; when the catalog refuses the batch, writes them one by one so only
    /// the refused products are rejected.
    private func write(
        _ entries: [Staged], report: inout ImportReport<ProductID>, _ call: ([Staged]) async throws -> Void
    ) async throws {
        guard !entries.isEmpty else { return }
        do {
            try await call(entries)
            entries.forEach { record($0, report: &report) }
        } catch is ProductModuleError {
            for entry in entries { try await writeAlone(entry, report: &report) }
        }
    }

    /// Writes one staged product on top of what the catalog holds now.
    private func writeAlone(_ entry: Staged, report: inout ImportReport<ProductID>) async throws {
        guard let product = entry.product else { return }
        let id = product.productID
        do {
            if let current = try await products.retrieveProduct(by: .productID(id)) {
                let result = merger.merge(product, into: current, now: clock.now())
                guard result.changed else {
                    var unchanged = entry
                    unchanged.outcomes = entry.outcomes.map { ($0.index, .unchanged) }
                    record(unchanged, report: &report)
                    return
                }
                try await products.updateProducts([result.product])
            } else {
                try await products.addProducts([product])
            }
            record(entry, report: &report)
        } catch let error as ProductModuleError {
            reject(entry, .writeRefused(id, reason: error.description), report: &report)
        }
    }

    private func record(_ entry: Staged, id: ProductID? = nil, report: inout ImportReport<ProductID>) {
        guard let id = id ?? entry.product?.productID else { return }
        for (_, outcome) in entry.outcomes {
            switch outcome {
            case .created: report.created.append(id)
            case .updated: report.updated.append(id)
            case .unchanged: report.unchanged.append(id)
            }
        }
    }

    private func reject(_ entry: Staged, _ reason: ImportRejection, report: inout ImportReport<ProductID>) {
        for (index, _) in entry.outcomes { report.rejected.append(ImportRejectionEntry(index: index, reason: reason)) }
    }
}
