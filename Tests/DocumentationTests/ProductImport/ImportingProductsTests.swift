import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import ProductImport
import ProductModule
import Testing

@Suite("Importing products (DocC: Importing products)")
struct ImportingProductsTests {
    static let jsonl = Data("""
        {"code":"4006381333931","status":1,"product":{"product_name":"Milk","brands":"Acme","categories_tags":["en:milks"]}}
        {"code":"5012345670010","status":1,"product":{"product_name":"Free-range eggs","brands":"Happy Hens"}}
        {"code":"0000000000000","status":0}
        """.utf8)
    static let csv = Data("""
        barcode,title,brand,category,size
        5012345670003,"Whole milk",Farmhouse,dairies,1 l
        """.utf8)

    @Test("Open Food Facts records are raw Data: JSONL lines or one API answer each; CSV goes through CSVDocument")
    func imports() async throws {
        let catalog = ProductModuleService(storage: InMemoryStorageProvider(), replicaID: "importer")
        let openFoodFactsJSONL = Self.jsonl, csvBytes = Self.csv
        var shown: [ImportProgress] = []
        // snippet: import-open-food-facts
        let importer = ImportService(products: catalog)        // imports into a ProductModuleService

        // Open Food Facts: a record is one JSON document as raw `Data` (OpenFoodFactsNormalizer.Record == Data):
        // a line of the JSONL export, or the body of one API answer (GET /api/v2/product/<code>.json).
        let records: [Data] = OpenFoodFactsNormalizer.records(fromJSONLines: openFoodFactsJSONL)
        let report = try await importer.importRecords(records, from: OpenFoodFactsNormalizer(preferredLanguages: ["en"]))
        // report.created / .updated / .unchanged: product ids; .rejected: index and reason (here the
        // {"status":0} line: .productNotFound); .warnings: what was dropped from records that imported.

        // CSV feeds: read the bytes, then import the rows; a long import reports progress after every batch.
        let feed = try CSVDocument(reading: csvBytes)          // CSVReadError when nothing can be read
        let job = await importer.start(feed.records, from: CSVProductNormalizer(providerID: "farm-feed"))
        for await progress in job.progress { shown.append(progress) }
        let csvReport = try await job.report()

        // Importing the same records again creates nothing and writes nothing:
        let again = try await importer.importRecords(records, from: OpenFoodFactsNormalizer(preferredLanguages: ["en"]))
        // end snippet
        #expect(report.created.map(\.rawValue).sorted() == ["4006381333931", "5012345670010"])
        #expect(report.rejected.count == 1)
        #expect(csvReport.created.map(\.rawValue) == ["5012345670003"])
        #expect(shown.last?.processed == 1)
        #expect(again.created.isEmpty && again.updated.isEmpty && again.unchanged.count == 2)
    }

    @Test("a CSV file of any size streams through CSVRecordReader: memory follows the batch")
    func streamsACSVFile() async throws {
        let catalog = ProductModuleService(storage: InMemoryStorageProvider(), replicaID: "importer")
        let importer = ImportService(products: catalog)
        let csvFile = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).csv")
        try Self.csv.write(to: csvFile)
        defer { try? FileManager.default.removeItem(at: csvFile) }
        // snippet: stream-csv-file
        let rows = try CSVRecordReader(contentsOf: csvFile)    // reads the header: CSVReadError when no row can import
        let report = try await importer.importRecords(rows, total: nil, from: CSVProductNormalizer(providerID: "farm-feed"))
        if let failure = rows.failure { throw failure }        // a read error part way ended the rows early
        // end snippet
        #expect(rows.header == ["barcode", "title", "brand", "category", "size"])
        #expect(report.created.map(\.rawValue) == ["5012345670003"])
    }
}
