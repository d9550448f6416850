import ExamplesTestSupport
import Foundation
import InventoryKit
import OpenFoodFactsFeed
import ProductImport
import ProductModule
import SQLiteStorage
import Testing

/// An import's memory follows its batch, not its feed: a streamed Open Food Facts feed into a new SQLite store.
///
/// The feed's size comes from `INVENTORYKIT_IMPORT_SCALE_BYTES` (default 64 MiB, about 30,000 records, so the
/// debug test run stays short); the 1 GiB run (`INVENTORYKIT_IMPORT_SCALE_BYTES=1073741824 swift test -c release
/// --package-path Examples --filter ImportScaleTests`) is recorded in docs/performance.md.
@Suite("Import at catalog scale", .serialized)
struct ImportPeakMemoryTests {
    /// The feed's size in bytes.
    static var feedBytes: Int {
        ProcessInfo.processInfo.environment["INVENTORYKIT_IMPORT_SCALE_BYTES"].flatMap(Int.init) ?? 64 << 20
    }

    /// The most resident memory the import may reach, whatever the feed's size.
    static let peakLimit = 300 << 20

    @Test("a streamed Open Food Facts feed imports into SQLite in less than 300 MB of peak memory, whatever its size")
    func peakMemoryFollowsTheBatch() async throws {
        let feed = try OpenFoodFactsFeed()
        let folder = try TestFolder.make("import-scale")
        let storage = try SQLiteStorage(path: folder.appendingPathComponent("catalog.sqlite").path)
        let catalog = ProductModuleService(store: SQLiteProductStore(storage: storage), replicaID: ReplicaID("scale"))
        let importer = ImportService(products: catalog, keptWarnings: 1_000)
        let bytes = Self.feedBytes
        ResidentMemory.reset()
        let started = ContinuousClock.now
        let report = try await importer.importRecords(feed.stream(bytes: bytes), total: nil, from: OpenFoodFactsNormalizer())
        let elapsed = ContinuousClock.now - started
        let peak = try #require(ResidentMemory.peakBytes())
        try storage.close()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print("import scale: \(bytes >> 20) MiB, \(report.processed) records in \(String(format: "%.1f", seconds)) s "
              + "(\(Int(Double(report.processed) / max(seconds, 0.001))) records/s), peak RSS \(peak >> 20) MiB")
        #expect(report.processed > 0 && report.created.count == report.processed, "\(report)")
        #expect(report.rejected.isEmpty)
        #expect(report.warnings.count <= 1_000)
        #expect(peak < Self.peakLimit, "peak resident memory \(peak >> 20) MiB")
    }
}
