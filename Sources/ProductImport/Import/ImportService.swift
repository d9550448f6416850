import Foundation
import InventoryKit
import InventorySync
import ProductModule

/// Imports provider records into a `ProductModuleService`: normalizes each record, merges it into the product
/// with the same id, and writes only what changed.
///
/// - **Deterministic ids**: a product's id is its barcode (or an id made from a provider key or its title), so
///   importing a feed twice finds the products of the first run.
/// - **Nothing new on re-import**: a record whose merge leaves the stored product as it is (timestamps and
///   version aside) is reported unchanged and not written.
/// - **Enrichment, not duplication**: a second provider's record for the same barcode is merged into the product
///   (``ProductMerger``: provider priority, values a person set are never replaced, provenance updated).
/// - **Bad records never stop a batch**: they are rejected with a reason; the catalog refusing one product
///   rejects that product only.
/// - **Batches**: records are handled in batches of `batchSize`; each batch is one `addProducts` and one
///   `updateProducts` call. Progress is reported after every batch. Imports on one service run one at a time.
///
/// ```swift
/// let importer = ImportService(products: catalog)
/// let job = await importer.start(try CSVDocument(reading: bytes).records, from: CSVProductNormalizer())
/// for await progress in job.progress { progressView.show(progress) }
/// let report = try await job.report()   // created, updated, unchanged, rejected, warnings
/// ```
public actor ImportService {
    /// The catalog imported into.
    public nonisolated let products: ProductModuleService
    /// Maps provider categories to stable ids.
    public nonisolated let categories: CategoryNormalizer
    /// Merges records into stored products.
    public nonisolated let merger: ProductMerger
    /// Size bounds.
    public nonisolated let limits: ImportLimits
    /// The source of the import time.
    public nonisolated let clock: InventoryClock
    /// Records per batch.
    public nonisolated let batchSize: Int

    private var tail: Task<Void, Never>?

    /// Creates an import service.
    public init(
        products: ProductModuleService, categories: CategoryNormalizer = CategoryNormalizer(),
        priority: ProviderPriority = .standard, limits: ImportLimits = .standard, clock: InventoryClock = .system,
        batchSize: Int = 100
    ) {
        self.products = products
        self.categories = categories
        merger = ProductMerger(priority: priority)
        self.limits = limits
        self.clock = clock
        self.batchSize = max(1, batchSize)
    }

    /// Starts importing records in the background; read progress from the job and await its report.
    ///
    /// The import starts after any import already running on this service ends.
    public func start<Provider: ProductProvider>(
        _ records: some Collection<Provider.Record> & Sendable, from provider: Provider
    ) -> ImportJob {
        let (stream, continuation) = AsyncStream<ImportProgress>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let previous = tail
        let task = Task { () async throws -> ImportReport<ProductID> in
            await previous?.value
            defer { continuation.finish() }
            return try await self.run(Array(records), provider: provider, progress: continuation)
        }
        tail = Task { _ = try? await task.value }
        return ImportJob(progress: stream, task: task)
    }

    /// Imports records and returns the report.
    ///
    /// - Throws: ``ImportError/storageFailed(reason:processed:)`` when the catalog's storage failed; batches
    ///   written before stay written.
    public func importRecords<Provider: ProductProvider>(
        _ records: some Collection<Provider.Record> & Sendable, from provider: Provider
    ) async throws -> ImportReport<ProductID> {
        try await start(records, from: provider).report()
    }

    // MARK: - Run

    private struct Staged {
        var product: Product
        var stored: Product?
        var dirty: Bool
        var outcomes: [(index: Int, outcome: Outcome)]
    }

    private enum Outcome {
        case created, updated, unchanged
    }

    private func run<Provider: ProductProvider>(
        _ records: [Provider.Record], provider: Provider, progress: AsyncStream<ImportProgress>.Continuation
    ) async throws -> ImportReport<ProductID> {
        var report = ImportReport<ProductID>(provider: provider.providerID, total: records.count)
        progress.yield(report.progress)
        var start = 0
        while start < records.count {
            if Task.isCancelled {
                report.wasCancelled = true
                break
            }
            let end = min(records.count, start + batchSize)
            do {
                try await importBatch(records[start..<end], offset: start, provider: provider, report: &report)
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError.storageFailed(reason: String(describing: error), processed: start)
            }
            report.processed = end
            progress.yield(report.progress)
            start = end
        }
        return report
    }

    private func importBatch<Provider: ProductProvider>(
        _ batch: ArraySlice<Provider.Record>, offset: Int, provider: Provider, report: inout ImportReport<ProductID>
    ) async throws {
        let now = clock.now()
        let context = NormalizationContext(now: now, categories: categories, limits: limits)
        var staged: [ProductID: Staged] = [:]
        var order: [ProductID] = []
        var damagedKeys: [ProductID: String] = [:]
        for (position, record) in batch.enumerated() {
            let index = offset + position
            let imported: ImportedProduct
            switch provider.normalize(record, context: context) {
            case .failure(let rejection):
                report.rejected.append(ImportRejectionEntry(index: index, reason: rejection))
                continue
            case .success(let value):
                imported = value
            }
            report.warnings += imported.warnings.map { ImportWarningEntry(index: index, warning: $0) }
            let incoming = imported.product
            var key = incoming.productID
            if let damage = damagedKeys[key] {
                report.rejected.append(ImportRejectionEntry(index: index, reason: .storedProductDamaged(key, reason: damage)))
                continue
            }
            if staged[key] == nil {
                let found: Product?
                do {
                    found = try await products.retrieveProduct(by: .productID(key))
                } catch let error as StorageError where error.isDamagedData {
                    // The stored copy is damaged: this record cannot be merged, the others go on.
                    damagedKeys[key] = error.description
                    report.rejected.append(ImportRejectionEntry(index: index, reason: .storedProductDamaged(key, reason: error.description)))
                    continue
                }
                if let stored = found {
                    key = stored.productID
                    if staged[key] == nil {
                        staged[key] = Staged(product: stored, stored: stored, dirty: false, outcomes: [])
                        order.append(key)
                    }
                } else {
                    staged[key] = Staged(product: incoming, stored: nil, dirty: true, outcomes: [(index, .created)])
                    order.append(key)
                    continue
                }
            }
            guard var entry = staged[key] else { continue }
            let result = merger.merge(incoming, into: entry.product, now: now)
            report.warnings += result.warnings.map { ImportWarningEntry(index: index, warning: $0) }
            if result.changed {
                entry.product = result.product
                entry.dirty = true
                entry.outcomes.append((index, .updated))
            } else {
                entry.outcomes.append((index, .unchanged))
            }
            staged[key] = entry
        }

        var additions: [Staged] = []
        var updates: [Staged] = []
        for key in order {
            guard let entry = staged[key] else { continue }
            if entry.dirty {
                do {
                    try entry.product.validate()
                } catch {
                    reject(entry, .invalidProduct(entry.product.productID, reason: error.description), report: &report)
                    continue
                }
            }
            if entry.stored == nil {
                additions.append(entry)
            } else if entry.dirty {
                updates.append(entry)
            } else {
                record(entry, report: &report)
            }
        }
        try await write(additions, report: &report) { try await self.products.addProducts($0.map(\.product)) }
        try await write(updates, report: &report) { try await self.products.updateProducts($0.map(\.product)) }
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
        let id = entry.product.productID
        do {
            if let current = try await products.retrieveProduct(by: .productID(id)) {
                let result = merger.merge(entry.product, into: current, now: clock.now())
                guard result.changed else {
                    var unchanged = entry
                    unchanged.outcomes = entry.outcomes.map { ($0.index, .unchanged) }
                    record(unchanged, report: &report)
                    return
                }
                try await products.updateProducts([result.product])
            } else {
                try await products.addProducts([entry.product])
            }
            record(entry, report: &report)
        } catch let error as ProductModuleError {
            reject(entry, .writeRefused(id, reason: error.description), report: &report)
        }
    }

    private func record(_ entry: Staged, report: inout ImportReport<ProductID>) {
        let id = entry.product.productID
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
