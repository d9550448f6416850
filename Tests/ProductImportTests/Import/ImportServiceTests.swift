import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductImport
import ProductModule
import Testing

/// Batch imports into the product catalog: deterministic ids, nothing new on re-import, enrichment instead of
/// duplicates, progress, and bad records that never stop a batch.
@Suite("Import service")
struct ImportServiceTests {
    /// A CSV feed of `count` products with valid EAN-13s, quoted titles and varied sizes.
    static func feed(count: Int) -> String {
        var lines = ["barcode,title,brand,category,size,sku"]
        for number in 0..<count {
            let size = ["500 g", "1 L", "6 x 330 ml", "1,5 kg"][number % 4]
            let category = ["en:dairies", "Beverages > Sodas", "Snacks", "Quantum Literature"][number % 4]
            lines.append("\(GTIN.fixtureEAN13(400_000 + number)),\"Product \(number), \"\"special\"\"\",Brand \(number % 7),\(category),\(size),SKU-\(number)")
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    @Test("re-importing the same 1,000-record feed creates nothing new: the second run is all unchanged")
    func reimportIsAllUnchanged() async throws {
        let clock = ManualClock(ImportFixtures.now)
        let catalog = ImportFixtures.catalog(clock: clock)
        let service = ImportService(products: catalog, clock: clock.clock)
        let records = CSVDocument(parsing: Self.feed(count: 1_000)).records
        #expect(records.count == 1_000)

        let first = try await service.importRecords(records, from: CSVProductNormalizer())
        #expect(first.created.count == 1_000)
        #expect(first.updated.isEmpty && first.unchanged.isEmpty && first.rejected.isEmpty)
        #expect(Set(first.created).count == 1_000)
        #expect(try await catalog.pendingCount() == 1_000)

        clock.advance(by: 86_400)
        let second = try await service.importRecords(records, from: CSVProductNormalizer())
        #expect(second.processed == 1_000)
        #expect(second.unchanged.count == 1_000)
        #expect(second.isAllUnchanged)
        #expect(second.created.isEmpty && second.updated.isEmpty && second.rejected.isEmpty)
        #expect(try await ImportFixtures.allProducts(in: catalog).count == 1_000)
        #expect(try await catalog.pendingCount() == 1_000)
        let sample = try #require(try await catalog.retrieveProduct(by: .barcode(GTIN.fixtureEAN13(400_002))))
        #expect(sample.version == 1)
        #expect(sample.title == "Product 2, \"special\"")
        #expect(sample.packaging == ProductPackaging(quantity: 330, unit: .ml, count: 6, displayText: "6 x 330 ml"))
    }

    @Test("re-importing a 1,000-line Open Food Facts JSONL dump creates nothing new")
    func reimportJSONLines() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 250)
        let lines = (0..<1_000).map { number in
            #"{"code": "\#(GTIN.fixtureEAN13(700_000 + number))", "product_name": "Soda \#(number)", "brands": "Fizz,Pop", "#
                + #""quantity": "\#(number % 3 + 1) x 33 cl", "categories_tags": ["en:beverages", "en:sodas"], "rev": \#(number % 9), "#
                + #""nutriments": {"energy_100g": "\#(100 + number % 50)", "sugars_100g": "10,\#(number % 10)"}}"#
        }
        let records = OpenFoodFactsNormalizer.records(fromJSONLines: Data(lines.joined(separator: "\n").utf8))
        let first = try await service.importRecords(records, from: OpenFoodFactsNormalizer())
        #expect(first.created.count == 1_000)
        let second = try await service.importRecords(records, from: OpenFoodFactsNormalizer())
        #expect(second.isAllUnchanged)
        #expect(second.created.isEmpty && second.updated.isEmpty)
        #expect(try await ImportFixtures.allProducts(in: catalog).count == 1_000)
    }

    @Test("Open Food Facts then CSV for the same barcode gives one product with merged fields and both contributors")
    func openFoodFactsThenCSV() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        let off = try await service.importRecords([try ImportFixtures.openFoodFacts("3029330003533")], from: OpenFoodFactsNormalizer())
        #expect(off.created.map(\.rawValue) == ["3029330003533"])
        let csv = "barcode,title,sku,country of origin,serving size\n3029330003533,Crousti Moelleux,JAC-730,FR,2 slices\n"
        let merge = try await service.importRecords(CSVDocument(parsing: csv).records, from: CSVProductNormalizer())
        #expect(merge.updated.map(\.rawValue) == ["3029330003533"])

        let products = try await ImportFixtures.allProducts(in: catalog)
        #expect(products.count == 1)
        let product = try #require(products.first)
        #expect(product.title == "Crousti Moelleux Complet Sans Sucre Ajouté 730gr")
        #expect(product.brand == "Jacquet")
        #expect(product.sku == "JAC-730")
        #expect(product.countryOfOrigin == "FR")
        #expect(product.productDetails?.foodDetails?.servingSize == "60.8 g (1 tranche)")
        #expect(product.productDetails?.foodDetails?.nutritionPer100gOrMl?.energyKcal == 246)
        #expect(product.source == .merged)
        #expect(product.version == 2)
        let provenance = try #require(product.provenance)
        #expect(provenance.primaryProvider == .openFoodFacts)
        #expect(provenance.contributors == [.openFoodFacts, .csvFeed])
        #expect(provenance.fields[.sku]?.provider == .csvFeed)
        #expect(provenance.fields[.nutrition]?.provider == .openFoodFacts)
        #expect(provenance.fields[.nutrition]?.revision == "121")

        let again = try await service.importRecords(CSVDocument(parsing: csv).records, from: CSVProductNormalizer())
        #expect(again.isAllUnchanged)
    }

    @Test("CSV then Open Food Facts: the higher-priority provider's values replace the feed's, nothing is duplicated")
    func csvThenOpenFoodFacts() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        let csv = "barcode,title,brand,sku,size\n5449000011527,FANTA ORANGE 33CL,Fanta,FAN-33,33 cl\n"
        _ = try await service.importRecords(CSVDocument(parsing: csv).records, from: CSVProductNormalizer())
        let report = try await service.importRecords([try ImportFixtures.openFoodFacts("5449000011527")], from: OpenFoodFactsNormalizer())
        #expect(report.updated.count == 1)

        let products = try await ImportFixtures.allProducts(in: catalog)
        #expect(products.count == 1)
        let product = try #require(products.first)
        #expect(product.title == "Fanta Orange")
        #expect(product.sku == "FAN-33")
        #expect(product.category == ProductCategory(main: "beverage", sub: "soda"))
        #expect(product.productDetails?.typeName == "beverage")
        #expect(product.provenance?.primaryProvider == .csvFeed)
        #expect(product.provenance?.contributors == [.csvFeed, .openFoodFacts])
        #expect(product.provenance?.fields[.title]?.provider == .openFoodFacts)
        #expect(product.provenance?.fields[.sku]?.provider == .csvFeed)
    }

    @Test("a product entered by hand is enriched by an import without losing what the person typed")
    func manualProductIsEnrichedNotOverwritten() async throws {
        let catalog = ImportFixtures.catalog()
        let manual = try Product.new(barcode: "3029330003533", title: "Our sandwich bread", id: UUID(), now: ImportFixtures.now)
        try await catalog.addProducts([manual])
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        let report = try await service.importRecords([try ImportFixtures.openFoodFacts("3029330003533")], from: OpenFoodFactsNormalizer())
        #expect(report.updated.count == 1)
        #expect(report.warnings.map(\.warning).contains(.userValueKept(.title)))
        let product = try #require(try await catalog.retrieveProduct(by: .barcode("3029330003533")))
        #expect(product.title == "Our sandwich bread")
        #expect(product.brand == "Jacquet")
        #expect(product.source == .manual)
        #expect(product.provenance?.contributors == [.user, .openFoodFacts])
    }

    @Test("a title a person edits after an import survives the next import of the same feed")
    func editAfterImportSurvivesReimport() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        let record = [try ImportFixtures.openFoodFacts("3168930007432")]
        _ = try await service.importRecords(record, from: OpenFoodFactsNormalizer())
        var edited = try #require(try await catalog.retrieveProduct(by: .barcode("3168930007432")))
        edited.title = "BBQ crisps"
        try await catalog.updateProducts([edited])
        let report = try await service.importRecords(record, from: OpenFoodFactsNormalizer())
        #expect(report.isAllUnchanged)
        #expect(try await catalog.retrieveProduct(by: .barcode("3168930007432"))?.title == "BBQ crisps")
    }

    @Test("bad records are rejected with their position and reason while the rest of the batch imports")
    func badRecordsNeverStopABatch() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 3)
        let records: [Data] = [
            try ImportFixtures.openFoodFacts("3029330003533"),
            Data("{garbage".utf8),
            Data(#"{"code": "3017620422003", "status": 0}"#.utf8),
            Data(#"{"code": "123"}"#.utf8),
            try ImportFixtures.openFoodFacts("54491472"),
            try ImportFixtures.openFoodFacts("0402004014227"),
        ]
        let report = try await service.importRecords(records, from: OpenFoodFactsNormalizer())
        #expect(report.processed == 6)
        #expect(report.created.map(\.rawValue) == ["3029330003533", "54491472", "0402004014227"])
        #expect(report.rejected.map(\.index) == [1, 2, 3])
        #expect(report.rejected[1].reason == .productNotFound(code: "3017620422003"))
        #expect(report.rejected[2].reason == .missingIdentity(barcode: "123"))
        #expect(report.warnings.contains(ImportWarningEntry(index: 5, warning: .missingTitle)))
        #expect(try await ImportFixtures.allProducts(in: catalog).count == 3)
    }

    @Test("the same barcode twice in one feed makes one product")
    func duplicateBarcodeInOneFeed() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        let csv = "barcode,title,sku\n4006381333931,Milk,\n4006381333931,Milk,M-1\n4006381333931,Milk,M-1\n"
        let report = try await service.importRecords(CSVDocument(parsing: csv).records, from: CSVProductNormalizer())
        #expect(report.created.count == 1)
        #expect(report.updated.count == 1)
        #expect(report.unchanged.count == 1)
        let products = try await ImportFixtures.allProducts(in: catalog)
        #expect(products.map(\.sku) == ["M-1"])
        #expect(products.first?.version == 1)
    }

    @Test("a provider's changed record updates the product; the report and the stored version say so")
    func changedRecordUpdates() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        _ = try await service.importRecords(CSVDocument(parsing: "barcode,title,revision\n4006381333931,Milk,1\n").records, from: CSVProductNormalizer())
        let report = try await service.importRecords(
            CSVDocument(parsing: "barcode,title,revision\n4006381333931,Whole Milk,2\n").records, from: CSVProductNormalizer())
        #expect(report.updated.count == 1)
        let product = try #require(try await catalog.retrieveProduct(by: .barcode("4006381333931")))
        #expect(product.title == "Whole Milk")
        #expect(product.version == 2)
        #expect(product.provenance?.fields[.title]?.revision == "2")
    }

    @Test("progress streams after every batch and ends with the final counts")
    func progressStream() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 25)
        let records = CSVDocument(parsing: Self.feed(count: 100)).records
        let job = await service.start(records, from: CSVProductNormalizer())
        var seen: [ImportProgress] = []
        for await progress in job.progress { seen.append(progress) }
        let report = try await job.report()
        #expect(seen.last == report.progress)
        #expect(seen.last?.processed == 100)
        #expect(seen.last?.fractionCompleted == 1)
        #expect(seen.map(\.processed) == seen.map(\.processed).sorted())
        #expect(report.created.count == 100)
    }

    @Test("imports on one service run one after the other")
    func importsAreSerialized() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 10)
        let records = CSVDocument(parsing: Self.feed(count: 60)).records
        async let first = service.start(records, from: CSVProductNormalizer()).report()
        async let second = service.start(records, from: CSVProductNormalizer()).report()
        let reports = try await [first, second]
        #expect(reports.map(\.created.count).sorted() == [0, 60])
        #expect(reports.map(\.unchanged.count).sorted() == [0, 60])
    }

    @Test("a cancelled import stops between batches and reports what it did")
    func cancellation() async throws {
        let catalog = ImportFixtures.catalog()
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now), batchSize: 5)
        let records = CSVDocument(parsing: Self.feed(count: 200)).records
        let job = await service.start(records, from: CSVProductNormalizer())
        job.cancel()
        let report = try await job.report()
        #expect(report.wasCancelled || report.processed == 200)
        #expect(report.created.count == report.processed)
        #expect(try await ImportFixtures.allProducts(in: catalog).count == report.processed)
    }

    @Test("a re-import over a damaged stored product rejects only that record, naming the damage, and leaves it as it was")
    func damagedStoredProductIsRejectedAlone() async throws {
        let storage = InMemoryStorageProvider()
        let catalog = ProductModuleService(storage: storage, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        let first = try await service.importRecords(CSVDocument(parsing: Self.feed(count: 3)).records, from: CSVProductNormalizer())
        #expect(first.created.count == 3)
        let damaged = first.created[1]
        await storage.corrupt(damaged.recordID, in: StorageProductStore.productCollection, scope: .domain, payload: Data("{".utf8))
        let renamed = Self.feed(count: 3).replacingOccurrences(of: "Brand ", with: "Maker ")
        let again = try await service.importRecords(CSVDocument(parsing: renamed).records, from: CSVProductNormalizer())
        #expect(again.updated == [first.created[0], first.created[2]])
        #expect(again.rejected.map(\.index) == [1])
        guard case .storedProductDamaged(let id, let reason)? = again.rejected.first?.reason else {
            Issue.record("expected storedProductDamaged, got \(again.rejected)")
            return
        }
        #expect(id == damaged && reason.contains("corrupt"))
        #expect(await storage.snapshot().records[.domain]?[StorageProductStore.productCollection]?[damaged.recordID]?.payload == Data("{".utf8))
    }

    @Test("a storage failure stops the import with a typed error")
    func storageFailure() async throws {
        let storage = InMemoryStorageProvider()
        let catalog = ProductModuleService(storage: storage, replicaID: ReplicaID("test"), clock: .constant(ImportFixtures.now))
        let service = ImportService(products: catalog, clock: .constant(ImportFixtures.now))
        await storage.failNextReads(1)
        await #expect(throws: ImportError.self) { () async throws in
            _ = try await service.importRecords([try ImportFixtures.openFoodFacts("54491472")], from: OpenFoodFactsNormalizer())
        }
    }
}
