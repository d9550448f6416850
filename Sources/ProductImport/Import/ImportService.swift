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
/// - **Batches**: records are read `batchSize` at a time, so memory follows the batch, not the feed (pass any
///   `Sequence`, such as ``JSONLinesReader``, to stream a file). In each batch the records are fingerprinted and
///   normalized on every core; the stored products are read in one call
///   (`ProductModuleService/retrieveProducts(ids:)`); the batch is written in one `addProducts` and one
///   `updateProducts` call. While a batch is written the next one is read and merged; when the two share a
///   product, the next one is merged again once the write is done, so the outcome is always that of writing the
///   batches one after the other. Progress is reported after every batch. Imports on one service run one at a
///   time.
/// - **Unchanged records are skipped**: when the provider fingerprints its records
///   (``ProductProvider/sourceFingerprint(of:)``), a product written from a record keeps the record's fingerprint
///   until anything else writes it (`Product/sourceFingerprint`); a record whose fingerprint the catalog finds
///   (one query per batch, on stores that index fingerprints) is reported unchanged without being normalized.
///   Such a record raises no warnings: its warnings were reported by the import that wrote it.
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
    /// How many warnings a report keeps (the rest are counted in ``ImportReport/omittedWarnings``), or `nil` for
    /// all of them.
    public nonisolated let keptWarnings: Int?

    private var tail: Task<Void, Never>?

    /// Creates an import service.
    ///
    /// - Parameters:
    ///   - products: The catalog imported into.
    ///   - categories: Maps provider categories to stable ids.
    ///   - priority: Which provider wins a field when records of several providers describe one product.
    ///   - limits: Size bounds of records and fields.
    ///   - clock: The source of the import time.
    ///   - batchSize: Records per batch (default 1,000): the unit of reading, of parallel normalization, of
    ///     storage reads and of each write transaction.
    ///   - keptWarnings: How many warnings a report keeps; `nil` (the default) keeps all.
    public init(
        products: ProductModuleService, categories: CategoryNormalizer = CategoryNormalizer(),
        priority: ProviderPriority = .standard, limits: ImportLimits = .standard, clock: InventoryClock = .system,
        batchSize: Int = 1_000, keptWarnings: Int? = nil
    ) {
        self.products = products
        self.categories = categories
        merger = ProductMerger(priority: priority)
        self.limits = limits
        self.clock = clock
        self.batchSize = max(1, batchSize)
        self.keptWarnings = keptWarnings.map { max(0, $0) }
    }

    /// Starts importing records in the background; read progress from the job and await its report.
    ///
    /// The import starts after any import already running on this service ends.
    public func start<Provider: ProductProvider>(
        _ records: some Collection<Provider.Record> & Sendable, from provider: Provider
    ) -> ImportJob {
        start(records, total: records.count, from: provider)
    }

    /// Starts importing a stream of records in the background: the sequence is read one batch at a time, so a
    /// feed of any size imports in memory bounded by the batch.
    ///
    /// - Parameters:
    ///   - records: The records, read one batch at a time.
    ///   - total: How many records the sequence holds, when known (for ``ImportProgress/fractionCompleted``).
    ///   - provider: The provider whose records they are.
    public func start<Provider: ProductProvider>(
        _ records: some Sequence<Provider.Record> & Sendable, total: Int?, from provider: Provider
    ) -> ImportJob {
        let (stream, continuation) = AsyncStream<ImportProgress>.makeStream(bufferingPolicy: .bufferingNewest(8))
        let previous = tail
        let task = Task { () async throws -> ImportReport<ProductID> in
            await previous?.value
            defer { continuation.finish() }
            return try await self.run(records, total: total, provider: provider, progress: continuation)
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

    /// Imports a stream of records, one batch at a time, and returns the report.
    ///
    /// - Throws: ``ImportError/storageFailed(reason:processed:)`` when the catalog's storage failed; batches
    ///   written before stay written.
    public func importRecords<Provider: ProductProvider>(
        _ records: some Sequence<Provider.Record> & Sendable, total: Int?, from provider: Provider
    ) async throws -> ImportReport<ProductID> {
        try await start(records, total: total, from: provider).report()
    }

    // MARK: - Run

    private func run<Provider: ProductProvider, Records: Sequence & Sendable>(
        _ records: Records, total: Int?, provider: Provider, progress: AsyncStream<ImportProgress>.Continuation
    ) async throws -> ImportReport<ProductID> where Records.Element == Provider.Record {
        var report = ImportReport<ProductID>(provider: provider.providerID, total: total)
        progress.yield(report.progress)
        let salt = fingerprintSalt(provider)
        var iterator = records.makeIterator()
        // While a batch is merged and written, the next ones are read and prepared on the other cores: their
        // fingerprints, and their normalization unless most records of this batch were skipped as unchanged (a
        // re-import), decided once this batch's fingerprints were looked up. Up to `preparedAhead` batches are
        // prepared one after the other, so the preparing core keeps working while a slow batch is written.
        var queue: [Task<PreparedBatch<Provider>, Never>] = []
        if let first = prepare(read(&iterator), provider: provider, salt: salt, normalizeAll: salt == nil, after: nil) {
            queue.append(first)
        }
        // And while a batch is written, the next one is staged: its lookups and merges read the catalog as the
        // write leaves every product the write does not touch. When the two batches share a product, or the write
        // fell back to one product at a time, the next batch is staged again once the write is done. A batch that
        // updates stored products is written before the next is staged: an update may move a product to its
        // barcode's id.
        var writing: (batch: StagedBatch, task: Task<BatchWrite, any Error>)?
        var offset = 0
        do {
            while !queue.isEmpty {
                let pending = queue.removeFirst()
                if Task.isCancelled {
                    pending.cancel()
                    queue.forEach { $0.cancel() }
                    report.wasCancelled = true
                    break
                }
                var prepared = await pending.value
                let recordCount = prepared.records.count
                if let inFlight = writing, !inFlight.batch.writesOnlyTouchedIDs {
                    writing = nil
                    _ = try await finish(inFlight, into: &report, progress: progress)
                }
                var staged = try await stage(&prepared, offset: offset, provider: provider) { skipped in
                    let normalizeAll = skipped * 2 < recordCount
                    while queue.count < Self.preparedAhead,
                        let task = prepare(
                            read(&iterator), provider: provider, salt: salt, normalizeAll: normalizeAll, after: queue.last)
                    {
                        queue.append(task)
                    }
                }
                if let inFlight = writing {
                    writing = nil
                    let wasBulk = try await finish(inFlight, into: &report, progress: progress)
                    if !wasBulk || !staged.touched.isDisjoint(with: inFlight.batch.touched) {
                        staged = try await stage(&prepared, offset: offset, provider: provider) { _ in }
                    }
                }
                let batch = staged
                writing = (batch, Task { try await self.write(batch) })
                offset += batch.count
            }
            if let inFlight = writing {
                writing = nil
                _ = try await finish(inFlight, into: &report, progress: progress)
            }
        } catch {
            queue.forEach { $0.cancel() }
            // A write under way still lands: wait for it, so the report counts it.
            if let inFlight = writing { _ = try? await finish(inFlight, into: &report, progress: progress) }
            if let error = error as? ImportError { throw error }
            throw ImportError.storageFailed(reason: String(describing: error), processed: report.processed)
        }
        return report
    }

    /// Waits for a batch's write and adds the batch to the report: what staging decided, then what the write did.
    ///
    /// - Returns: Whether the catalog took the batch in bulk (``BatchWrite/wasBulk``).
    /// - Throws: ``ImportError/storageFailed(reason:processed:)`` when the write failed.
    private func finish(
        _ writing: (batch: StagedBatch, task: Task<BatchWrite, any Error>), into report: inout ImportReport<ProductID>,
        progress: AsyncStream<ImportProgress>.Continuation
    ) async throws -> Bool {
        let written: BatchWrite
        do {
            written = try await writing.task.value
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.storageFailed(reason: String(describing: error), processed: report.processed)
        }
        for part in [writing.batch.report, written.report] {
            report.created += part.created
            report.updated += part.updated
            report.unchanged += part.unchanged
            report.rejected += part.rejected
            keep(part.warnings, in: &report)
            // Staging kept at most `keptWarnings` of its own and counted the rest: they stay counted.
            report.omittedWarnings += part.omittedWarnings
        }
        report.processed += writing.batch.count
        progress.yield(report.progress)
        return written.wasBulk
    }

    /// How many batches are prepared ahead of the one being written.
    static let preparedAhead = 2

    /// The priority batches are prepared at, for an import running at `importPriority`: `utility`, or the import's
    /// own when that is lower (an import in the background prepares in the background).
    static func preparationPriority(below importPriority: TaskPriority) -> TaskPriority {
        min(importPriority, .utility)
    }

    /// The next batch of records, empty at the end.
    private func read<Records: IteratorProtocol>(_ iterator: inout Records) -> [Records.Element] {
        var batch: [Records.Element] = []
        batch.reserveCapacity(batchSize)
        while batch.count < batchSize, let record = iterator.next() { batch.append(record) }
        return batch
    }

    /// Starts preparing a batch on the other cores once `previous` is prepared (one batch at a time), or `nil`
    /// for an empty batch.
    ///
    /// The preparation runs at ``preparationPriority(below:)``: it is work ahead of time, while each step of writing
    /// a batch (its merges, the catalog's command, the encoding and SQLite's commit) holds up the batches after it.
    /// Where the scheduler honours priorities, the writing then keeps its cores and the preparation takes the time
    /// the writing leaves. When the import awaits a batch that is not ready, Swift raises that batch's task to the
    /// import's priority, so a waiting import is never held up by the lower priority.
    private func prepare<Provider: ProductProvider>(
        _ records: [Provider.Record], provider: Provider, salt: String?, normalizeAll: Bool,
        after previous: Task<PreparedBatch<Provider>, Never>?
    ) -> Task<PreparedBatch<Provider>, Never>? {
        guard !records.isEmpty else { return nil }
        let context = NormalizationContext(now: clock.now(), categories: categories, limits: limits)
        return Task.detached(priority: Self.preparationPriority(below: Task.currentPriority)) {
            _ = await previous?.value
            return await PreparedBatch.prepare(
                records, provider: provider, context: context, salt: salt, normalizeAll: normalizeAll)
        }
    }

    /// What every fingerprint of this run is combined with: the provider and the service's normalization
    /// settings (limits, category table), so changing a setting makes every record look new once. `nil` when
    /// the settings cannot be encoded (fingerprints are then not used).
    private func fingerprintSalt(_ provider: some ProductProvider) -> String? {
        guard let limits = try? RecordCoding.encode(limits), let table = try? RecordCoding.encode(categories.table) else {
            return nil
        }
        var digest = SourceFingerprinter(seed: "inventorykit.import.v1")
        digest.combine(provider.providerID.rawValue)
        digest.combine(limits)
        digest.combine(table)
        return digest.fingerprint
    }

    /// Appends warnings to the report, up to ``keptWarnings``; the rest are counted.
    func keep(_ warnings: some Collection<ImportWarningEntry>, in report: inout ImportReport<ProductID>) {
        guard !warnings.isEmpty else { return }
        guard let keptWarnings else {
            report.warnings += warnings
            return
        }
        let room = max(0, keptWarnings - report.warnings.count)
        report.warnings += warnings.prefix(room)
        report.omittedWarnings += max(0, warnings.count - room)
    }
}
