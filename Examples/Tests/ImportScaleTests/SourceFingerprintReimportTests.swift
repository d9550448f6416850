import ExamplesTestSupport
import Foundation
import InventoryKit
import InventorySync
import OpenFoodFactsFeed
import ProductImport
import ProductModule
import SQLiteStorage
import Testing

/// Re-imports on SQLite, where the store indexes source fingerprints: unchanged records are skipped, and anything
/// written since the import (a person's edit) makes the record go through the merge again.
@Suite("Re-imports skip unchanged records by their source fingerprint")
struct SourceFingerprintReimportTests {
    static let now = Date(timeIntervalSinceReferenceDate: 800_000_000)

    /// A catalog on a new SQLite file, and an importer on it.
    static func catalog() throws -> (SQLiteStorage, ProductModuleService, ImportService) {
        let folder = try TestFolder.make("fingerprints")
        let storage = try SQLiteStorage(path: folder.appendingPathComponent("catalog.sqlite").path)
        let catalog = ProductModuleService(
            store: SQLiteProductStore(storage: storage), replicaID: ReplicaID("test"), clock: .constant(now))
        return (storage, catalog, ImportService(products: catalog, clock: .constant(now), batchSize: 40))
    }

    @Test("a re-import of the same lines finds every product by its fingerprint and reports all unchanged")
    func reimportIsSkipped() async throws {
        let (storage, catalog, importer) = try Self.catalog()
        defer { try? storage.close() }
        let lines = try OpenFoodFactsFeed().lines(0..<100)
        let first = try await importer.importRecords(lines, from: OpenFoodFactsNormalizer())
        #expect(first.created.count == 100 && first.rejected.isEmpty)
        let fingerprints = lines.compactMap { OpenFoodFactsNormalizer().sourceFingerprint(of: $0) }
        #expect(fingerprints.count == 100)
        let second = try await importer.importRecords(lines, from: OpenFoodFactsNormalizer())
        #expect(second.isAllUnchanged && second.unchanged == first.created)
        #expect(second.warnings.isEmpty, "skipped records raise no warnings again")
        let stored = try await catalog.retrieveProducts(ids: first.created)
        #expect(stored.count == 100 && stored.values.allSatisfy { $0.version == 1 && $0.sourceFingerprint != nil })
    }

    @Test("a title a person edits after an import is not skipped: the record merges again and the edit stays")
    func handEditIsNeverOverwritten() async throws {
        let (storage, catalog, importer) = try Self.catalog()
        defer { try? storage.close() }
        let lines = try OpenFoodFactsFeed().lines(0..<20)
        let first = try await importer.importRecords(lines, from: OpenFoodFactsNormalizer())
        let id = first.created[3]
        var edited = try #require(try await catalog.retrieveProduct(by: .productID(id)))
        edited.title = "My own title"
        try await catalog.updateProducts([edited])
        let afterEdit = try #require(try await catalog.retrieveProduct(by: .productID(id)))
        #expect(afterEdit.version == 2 && afterEdit.sourceFingerprint == nil)

        let again = try await importer.importRecords(lines, from: OpenFoodFactsNormalizer())
        #expect(again.unchanged.count == 20 && again.rejected.isEmpty)
        #expect(try await catalog.retrieveProduct(by: .productID(id))?.title == "My own title")
        // The 19 untouched products still carry the fingerprint the first import recorded; the edited one does not.
        let stored = try await catalog.retrieveProducts(ids: first.created)
        #expect(stored.values.filter { $0.sourceFingerprint != nil }.count == 19)
        #expect(stored[id]?.sourceFingerprint == nil)
    }

    @Test("a changed record updates its product and records the new fingerprint at the new version")
    func changedRecordRecordsItsFingerprint() async throws {
        let (storage, catalog, importer) = try Self.catalog()
        defer { try? storage.close() }
        let barcode = OpenFoodFactsFeed.barcode(7)
        let before = Data(#"{"code": "\#(barcode)", "product_name": "Soda", "brands": "Fizz"}"#.utf8)
        let after = Data(#"{"code": "\#(barcode)", "product_name": "Soda Zero", "brands": "Fizz"}"#.utf8)
        _ = try await importer.importRecords([before], from: OpenFoodFactsNormalizer())
        let report = try await importer.importRecords([after], from: OpenFoodFactsNormalizer())
        #expect(report.updated.count == 1)
        let product = try #require(try await catalog.retrieveProduct(by: .barcode(barcode)))
        #expect(product.title == "Soda Zero" && product.version == 2 && product.sourceFingerprint != nil)
        let again = try await importer.importRecords([after], from: OpenFoodFactsNormalizer())
        #expect(again.isAllUnchanged)
    }
}
