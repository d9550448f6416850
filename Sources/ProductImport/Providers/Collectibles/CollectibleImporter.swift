import Foundation
import InventoryKit
import ProductModule

/// Imports collectibles straight into a client's own storage types, through an `InventoryConfigurator`.
///
/// For each record the importer derives the product's deterministic UUID (``CollectibleNormalizer/productUUID(for:)``),
/// loads the client's stored instance with that id (or makes one with `makeProduct`), fills it through the
/// configurator, does the same for the manufacturer (id from its semantic name; stored too when the client's
/// manufacturer type is a `StorableRecord`), and writes each batch with one `apply`. An instance whose encoded
/// record did not change is not written, so re-importing a feed creates and changes nothing.
///
/// The configurator's rule applies: a value the record has overwrites the instance's, a value it lacks keeps
/// the instance's. A client that must protect hand-edited fields does so in its configurator.
///
/// ```swift
/// let importer = CollectibleImporter()
/// let report = try await importer.importCollectibles(
///     records, into: storage.domainMetadata,
///     makeProduct: { RetroTitle(id: $0) }, makeManufacturer: { RetroCompany(id: $0) },
///     makeSystemRequirements: { RetroRequirements() }, configurator: RetroConfigurator())
/// ```
public struct CollectibleImporter: Sendable {
    /// Turns records into canonical values (and checks them).
    public var normalizer: CollectibleNormalizer
    /// Maps record kinds to categories (the product's type and classification).
    public var categories: CategoryNormalizer
    /// Size bounds.
    public var limits: ImportLimits
    /// The source of the import time.
    public var clock: InventoryClock
    /// Records per storage batch.
    public var batchSize: Int

    /// Creates an importer.
    public init(
        normalizer: CollectibleNormalizer = CollectibleNormalizer(), categories: CategoryNormalizer = CategoryNormalizer(),
        limits: ImportLimits = .standard, clock: InventoryClock = .system, batchSize: Int = 100
    ) {
        self.normalizer = normalizer
        self.categories = categories
        self.limits = limits
        self.clock = clock
        self.batchSize = max(1, batchSize)
    }

    /// Imports records into client-owned product and manufacturer instances kept in `store`.
    ///
    /// - Parameters:
    ///   - records: The catalogue records.
    ///   - store: Where the client keeps its products (and manufacturers, when they are `StorableRecord`s).
    ///   - makeProduct: Makes a new client product with the given id.
    ///   - makeManufacturer: Makes a new client manufacturer with the given id.
    ///   - makeSystemRequirements: Makes empty client system requirements; without it, requirements are written
    ///     only into products that already have some.
    ///   - configurator: Fills the instances.
    /// - Returns: the outcome of every record and every manufacturer.
    /// - Throws: ``ImportError/storageFailed(reason:processed:)`` when the store fails; batches written before
    ///   stay written.
    public func importCollectibles<Item: InventoryProduct & StorableRecord>(
        _ records: [CollectibleRecord], into store: any MetadataStore, makeProduct: (UUID) -> Item,
        makeManufacturer: (UUID) -> Item.Manufacturer,
        makeSystemRequirements: (() -> Item.SystemRequirements)? = nil,
        configurator: some InventoryConfigurator = DefaultInventoryConfigurator()
    ) async throws -> CollectibleImportReport {
        var report = CollectibleImportReport(products: ImportReport(provider: normalizer.providerID, total: records.count))
        var manufacturers: [UUID: Item.Manufacturer] = [:]
        var start = 0
        while start < records.count {
            let end = min(records.count, start + batchSize)
            let context = NormalizationContext(now: clock.now(), categories: categories, limits: limits)
            var writes: [RecordWrite] = []
            var outcomes: [(index: Int, id: RecordID, created: Bool?)] = []
            var pendingItems: [RecordID: Data] = [:]
            do {
                for index in start..<end {
                    let record = records[index]
                    let product: Product
                    switch normalizer.normalize(record, context: context) {
                    case .failure(let rejection):
                        report.products.rejected.append(ImportRejectionEntry(index: index, reason: rejection))
                        continue
                    case .success(let imported):
                        product = imported.product
                        report.products.warnings += imported.warnings.map { ImportWarningEntry(index: index, warning: $0) }
                    }
                    guard let uuid = normalizer.productUUID(for: record) else {
                        report.products.rejected.append(ImportRejectionEntry(index: index, reason: .missingIdentity(barcode: record.barcode)))
                        continue
                    }
                    let maker = try await manufacturer(
                        for: record, cache: &manufacturers, store: store, make: makeManufacturer,
                        configurator: configurator, writes: &writes, report: &report)
                    var item = makeProduct(uuid)
                    let key = try item.recordID
                    let previous = try await existing(Item.self, key, store: store, pending: pendingItems)
                    if let previous { item = previous.record }
                    var requirements = item.systemRequirements ?? makeSystemRequirements?()
                    if let canonical = product.systemRequirements, requirements != nil {
                        configureRequirements(&requirements, from: canonical, configurator: configurator)
                    } else {
                        requirements = nil
                    }
                    var identifiers: [ProductIdentifier]?
                    if let barcode = product.barcode, let gtin = try? ProductIdentifier.gtin(barcode.value),
                        !item.identifiers.contains(gtin)
                    {
                        identifiers = item.identifiers + [gtin]
                    }
                    var references: [String: String]?
                    if !product.references.isEmpty {
                        let merged = item.references.merging(product.references) { _, new in new }
                        references = merged == item.references ? nil : merged
                    }
                    configurator.configure(
                        &item, identifiers: identifiers, title: product.title, summary: product.shortDescription,
                        productType: product.category?.main, classification: product.category?.sub, genre: product.genre,
                        manufacturer: maker, publisher: product.publisher, developer: product.developer,
                        creator: product.creator, releaseDate: product.releaseDate, platform: product.platform,
                        systemRequirements: requirements, productVersion: product.productVersion, references: references)
                    let stored = try item.storedRecord()
                    if stored.payload == previous?.payload {
                        outcomes.append((index, key, nil))
                    } else {
                        writes.append(.put(stored, in: Item.collection))
                        pendingItems[key] = stored.payload
                        outcomes.append((index, key, previous == nil))
                    }
                }
                if !writes.isEmpty { try await store.apply(writes) }
            } catch {
                throw ImportError.storageFailed(reason: String(describing: error), processed: start)
            }
            for outcome in outcomes {
                switch outcome.created {
                case true?: report.products.created.append(outcome.id)
                case false?: report.products.updated.append(outcome.id)
                case nil: report.products.unchanged.append(outcome.id)
                }
            }
            report.products.processed = end
            start = end
        }
        return report
    }

    // MARK: - Parts

    private func manufacturer<Maker: InventoryManufacturer>(
        for record: CollectibleRecord, cache: inout [UUID: Maker], store: any MetadataStore, make: (UUID) -> Maker,
        configurator: some InventoryConfigurator, writes: inout [RecordWrite], report: inout CollectibleImportReport
    ) async throws -> Maker? {
        guard let canonical = normalizer.manufacturer(for: record) else { return nil }
        if let cached = cache[canonical.id] { return cached }
        var maker = make(canonical.id)
        var previousPayload: Data?
        if let storable = maker as? any StorableRecord, let loaded = try await load(like: storable, from: store) {
            if let typed = loaded.record as? Maker {
                maker = typed
                previousPayload = loaded.payload
            }
        }
        configurator.configure(&maker, slug: canonical.slug, name: canonical.name)
        cache[canonical.id] = maker
        if let storable = maker as? any StorableRecord {
            let stored = try storable.storedRecord()
            if stored.payload == previousPayload {
                report.manufacturersUnchanged.append(stored.id)
            } else {
                writes.append(.put(stored, in: type(of: storable).collection))
                if previousPayload == nil {
                    report.manufacturersCreated.append(stored.id)
                } else {
                    report.manufacturersUpdated.append(stored.id)
                }
            }
        }
        return maker
    }

    private func configureRequirements<Requirements: InventorySystemRequirements>(
        _ requirements: inout Requirements?, from canonical: StandardSystemRequirements,
        configurator: some InventoryConfigurator
    ) {
        guard var target = requirements else { return }
        configurator.configure(
            &target, minMemory: canonical.minMemory, recommendedMemory: canonical.recommendedMemory,
            cpuFamily: canonical.cpuFamily, minCpuSpeedMHz: canonical.minCpuSpeedMHz, video: canonical.video,
            audio: canonical.audio, osName: canonical.osName, minOsVersion: canonical.minOsVersion,
            minStorage: canonical.minStorage, notes: canonical.notes)
        requirements = target
    }

    private func existing<Record: StorableRecord>(
        _ type: Record.Type, _ id: RecordID, store: any MetadataStore, pending: [RecordID: Data]
    ) async throws -> (record: Record, payload: Data)? {
        if let payload = pending[id] {
            return (try RecordCoding.decode(Record.self, from: payload), payload)
        }
        guard let stored = try await store.record(id, in: Record.collection) else { return nil }
        return (try Record.decode(stored), stored.payload)
    }

    private func load<Record: StorableRecord>(
        like fresh: Record, from store: any MetadataStore
    ) async throws -> (record: any StorableRecord, payload: Data)? {
        guard let stored = try await store.record(try fresh.recordID, in: Record.collection) else { return nil }
        return (try Record.decode(stored), stored.payload)
    }
}
