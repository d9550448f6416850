import Foundation
import InventoryKit
import InventorySync
import OpenFoodFactsFeed
import ProductImport
import ProductModule
import SQLiteStorage

/// `ImportScaleProbe DATABASE BYTES`: imports a streamed Open Food Facts-shaped feed of about BYTES bytes into a
/// new SQLite store through `ImportService`, then prints one line of JSON: records, created, rejected, seconds and
/// the peak resident memory of the import (this process only). `ImportScaleTests` runs it as a child process, so
/// other tests never share the measured peak.
@main
struct ImportScaleProbe {
    static func main() async {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let bytes = Int(arguments[2]), bytes > 0 else {
            FileHandle.standardError.write(Data("usage: ImportScaleProbe DATABASE BYTES\n".utf8))
            exit(64)
        }
        do {
            let feed = try OpenFoodFactsFeed()
            let storage = try SQLiteStorage(path: arguments[1])
            let catalog = ProductModuleService(store: SQLiteProductStore(storage: storage), replicaID: ReplicaID("scale"))
            let importer = ImportService(products: catalog, keptWarnings: 1_000)
            ResidentMemory.reset()
            let started = ContinuousClock.now
            let report = try await importer.importRecords(feed.stream(bytes: bytes), total: nil, from: OpenFoodFactsNormalizer())
            let elapsed = ContinuousClock.now - started
            let peak = ResidentMemory.peakBytes() ?? -1
            try storage.close()
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            print(#"{"records": \#(report.processed), "created": \#(report.created.count), "rejected": \#(report.rejected.count), "#
                + #""keptWarnings": \#(report.warnings.count), "seconds": \#(seconds), "peakBytes": \#(peak)}"#)
        } catch {
            FileHandle.standardError.write(Data("ImportScaleProbe: \(error)\n".utf8))
            exit(1)
        }
    }
}
