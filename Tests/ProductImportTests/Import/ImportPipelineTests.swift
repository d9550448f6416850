import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductImport
import ProductModule
import Testing

/// The import stages a batch while the one before it is written: the outcome must be the one of importing the
/// batches one after the other, whatever the batches share.
@Suite("Import pipeline")
struct ImportPipelineTests {
    /// A CSV feed in batches of `batchSize`: the even batches name shared barcodes in every fourth record (so they
    /// update products the batches before wrote, with brands and sizes that change), the odd batches only add
    /// products, the last of which the next batch names again; every seventeenth record has neither a barcode that
    /// normalizes nor a title.
    static func overlappingFeed(count: Int, batchSize: Int, seed: UInt64) -> [CSVRecord] {
        var random = SeededRandomNumberGenerator(seed: seed)
        var lines = ["barcode,title,brand,size,sku"]
        for number in 0..<count {
            let (batch, position) = number.quotientAndRemainder(dividingBy: batchSize)
            let code: String
            if number % 17 == 5 {
                code = "12345"
            } else if batch % 2 == 1, position == batchSize - 1 {
                code = GTIN.fixtureEAN13(520_000 + batch)
            } else if batch % 2 == 0, batch > 0, position == 0 {
                code = GTIN.fixtureEAN13(520_000 + batch - 1)
            } else if batch % 2 == 0, position % 4 == 1 {
                code = GTIN.fixtureEAN13(510_000 + Int.random(in: 0..<12, using: &random))
            } else {
                code = GTIN.fixtureEAN13(610_000 + number)
            }
            let title = code == "12345" ? "" : "Product \(code)"
            let brand = ["Acme", "Bolt", "Crest"][Int.random(in: 0..<3, using: &random)]
            let size = ["500 g", "1 L", "6 x 330 ml"][Int.random(in: 0..<3, using: &random)]
            let sku = Bool.random(using: &random) ? "SKU-\(number % 5)" : ""
            lines.append("\(code),\(title),\(brand),\(size),\(sku)")
        }
        return CSVDocument(parsing: lines.joined(separator: "\n") + "\n").records
    }

    /// The ids of a report's outcomes and its rejected positions, for comparing two imports of the same records.
    struct Outcomes: Equatable {
        var created: [ProductID] = []
        var updated: [ProductID] = []
        var unchanged: [ProductID] = []
        var rejected: [Int] = []
        var warnings = 0

        mutating func add(_ report: ImportReport<ProductID>, offset: Int) {
            created += report.created
            updated += report.updated
            unchanged += report.unchanged
            rejected += report.rejected.map { $0.index + offset }
            warnings += report.warningCount
        }
    }

    @Test(
        "batches staged while the batch before is written end as if imported one after the other, shared products included",
        arguments: [UInt64(1), 2, 3])
    func pipelinedImportMatchesOneBatchAtATime(seed: UInt64) async throws {
        let batchSize = 12
        let records = Self.overlappingFeed(count: 240, batchSize: batchSize, seed: seed)

        let store = SlowCommitProductStore(commitDelay: .milliseconds(5))
        let pipelined = ProductModuleService(store: store, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        let importer = ImportService(products: pipelined, clock: .constant(ImportFixtures.now), batchSize: batchSize)
        var outcomes = Outcomes()
        outcomes.add(try await importer.importRecords(records, from: CSVProductNormalizer()), offset: 0)

        // The reference: each batch a separate import, so no batch is staged before the one before it is written.
        let reference = ImportFixtures.catalog()
        let oneAtATime = ImportService(products: reference, clock: .constant(ImportFixtures.now), batchSize: batchSize)
        var expected = Outcomes()
        for start in stride(from: 0, to: records.count, by: batchSize) {
            let batch = Array(records[start..<min(records.count, start + batchSize)])
            expected.add(try await oneAtATime.importRecords(batch, from: CSVProductNormalizer()), offset: start)
        }

        #expect(await store.readsDuringCommits > 0, "no batch was staged while another was written")
        #expect(outcomes == expected)
        #expect(!expected.updated.isEmpty && !expected.rejected.isEmpty)
        #expect(try await ImportFixtures.allProducts(in: pipelined) == ImportFixtures.allProducts(in: reference))
        #expect(try await pipelined.pendingCount() == reference.pendingCount())
    }

    @Test("a product two neighbouring batches add is created by the first and updated by the second, at version 2")
    func productInTwoNeighbouringBatches() async throws {
        let store = SlowCommitProductStore(commitDelay: .milliseconds(20))
        let catalog = ProductModuleService(store: store, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        let importer = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 2)
        let csv = "barcode,title,brand,sku\n4006381333931,Milk,,\n4000000000000,Bread,,\n4006381333931,Milk,Acme,M-1\n"
        let report = try await importer.importRecords(CSVDocument(parsing: csv).records, from: CSVProductNormalizer())
        let milk = try #require(ProductID(rawValue: "4006381333931"))
        #expect(report.created.filter { $0 == milk }.count == 1)
        #expect(report.updated == [milk])
        #expect(report.rejected.isEmpty)
        let stored = try #require(try await catalog.retrieveProduct(by: .productID(milk)))
        #expect(stored.version == 2 && stored.sku == "M-1" && stored.brand == "Acme")
    }

    @Test("a record whose product the catalog would refuse (a blank title) is rejected while staging; the rest is written in one add")
    func productTheCatalogRefusesIsRejectedWhileStaging() async throws {
        let catalog = ImportFixtures.catalog()
        let importer = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        let (blank, bread) = (GTIN.fixtureEAN13(800_001), GTIN.fixtureEAN13(800_002))
        let records = [
            Data(#"{"code": "4006381333931", "product_name": "Milk"}"#.utf8),
            Data(#"{"code": "\#(blank)", "product_name": "\u200B"}"#.utf8),
            Data(#"{"code": "\#(bread)", "product_name": "Bread"}"#.utf8),
        ]
        let report = try await importer.importRecords(records, from: OpenFoodFactsNormalizer())
        #expect(report.created.map(\.rawValue) == ["4006381333931", bread])
        #expect(report.rejected.map(\.index) == [1])
        guard case .invalidProduct(let id, let reason)? = report.rejected.first?.reason else {
            Issue.record("expected invalidProduct, got \(report.rejected)")
            return
        }
        #expect(id.rawValue == blank && reason.contains("blank"), "\(id): \(reason)")
        #expect(try await ImportFixtures.allProducts(in: catalog).count == 2)
    }

    @Test("warnings beyond keptWarnings are counted, however many batches raise them")
    func omittedWarningsAreCounted() async throws {
        let records = (0..<40).map { Data(#"{"code": "\#(GTIN.fixtureEAN13(900_000 + $0))"}"#.utf8) }
        let all = try await ImportService(products: ImportFixtures.catalog(), clock: .constant(ImportFixtures.now), batchSize: 7)
            .importRecords(records, from: OpenFoodFactsNormalizer())
        let capped = try await ImportService(
            products: ImportFixtures.catalog(), clock: .constant(ImportFixtures.now), batchSize: 7, keptWarnings: 3
        ).importRecords(records, from: OpenFoodFactsNormalizer())
        #expect(all.warnings.count >= 40)
        #expect(capped.warnings == Array(all.warnings.prefix(3)))
        #expect(capped.warningCount == all.warningCount)
    }

    @Test(
        "batches prepared while others are written run at utility priority, below the import's",
        arguments: [TaskPriority.high, .medium])
    func preparationRunsBelowTheImport(importPriority: TaskPriority) async throws {
        // Commits slow enough that every batch after the second is prepared before the import waits for it (waiting
        // would raise the batch to the import's priority).
        let store = SlowCommitProductStore(commitDelay: .milliseconds(100))
        let catalog = ProductModuleService(store: store, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        let importer = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 10)
        let csv = "barcode,title\n" + (0..<60).map { "\(GTIN.fixtureEAN13(600_000 + $0)),Item \($0)" }.joined(separator: "\n")
        let provider = PriorityRecordingProvider()
        let records = CSVDocument(parsing: csv).records
        let report = try await Task(priority: importPriority) {
            try await importer.importRecords(records, from: provider)
        }.value
        #expect(report.created.count == 60)
        let priorities = provider.priorities
        #expect(priorities.count >= 60)
        // The first batch is normalized while it is staged, at the import's priority, and the second is awaited as
        // soon as the first is staged; the four after them are prepared while a batch is written.
        #expect(priorities.allSatisfy { $0 <= importPriority }, "\(Set(priorities.map(\.rawValue)))")
        #expect(priorities.count { $0 <= .utility } >= 40, "\(priorities.map(\.rawValue))")
    }

    @Test("a write that fails stops the import after the batches before it; the batch staged meanwhile is never written")
    func failedWriteStopsBeforeTheStagedBatch() async throws {
        let storage = InMemoryStorageProvider()
        let store = SlowCommitProductStore(storage: storage, commitDelay: .milliseconds(10), failingCommit: 3)
        let catalog = ProductModuleService(store: store, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        let importer = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 10)
        let csv = "barcode,title\n" + (0..<60).map { "\(GTIN.fixtureEAN13(700_000 + $0)),Item \($0)" }.joined(separator: "\n")
        do {
            _ = try await importer.importRecords(CSVDocument(parsing: csv).records, from: CSVProductNormalizer())
            Issue.record("the import went on past a failed write")
        } catch ImportError.storageFailed(let reason, let processed) {
            #expect(processed == 20)
            #expect(reason.contains("failed on cue"))
        }
        let stored = try await ImportFixtures.allProducts(in: catalog).map(\.productID.rawValue)
        #expect(stored == (0..<20).map { GTIN.fixtureEAN13(700_000 + $0) }.sorted())
        #expect(try await catalog.pendingCount() == 20)
    }
}

/// The CSV normalizer, noting the priority of the task each record is normalized on.
private final class PriorityRecordingProvider: ProductProvider, @unchecked Sendable {
    private let base = CSVProductNormalizer()
    private let lock = NSLock()
    private var recorded: [TaskPriority] = []

    var providerID: ProviderID { base.providerID }

    /// The priority of each normalization so far, in the order they ran.
    var priorities: [TaskPriority] { lock.withLock { recorded } }

    func normalize(_ record: CSVRecord, context: NormalizationContext) -> Result<ImportedProduct, ImportRejection> {
        let priority = Task.currentPriority
        lock.withLock { recorded.append(priority) }
        return base.normalize(record, context: context)
    }
}
