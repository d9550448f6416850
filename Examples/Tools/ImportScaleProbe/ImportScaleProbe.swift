import Foundation
import InventoryKit
import InventorySync
import OpenFoodFactsFeed
import ProductImport
import ProductModule
import SQLiteStorage

/// `ImportScaleProbe DATABASE BYTES [jsonl|csv]`: imports a feed of about BYTES bytes into a new SQLite store through
/// `ImportService`, then prints one line of JSON: records, created, rejected, seconds and the peak resident memory of
/// the import (this process only). `jsonl` (the default) streams an Open Food Facts-shaped feed generated as it is
/// read; `csv` first writes a ``ProductCSVFeed`` file next to the database (`DATABASE.csv`, kept) and streams it
/// through `CSVRecordReader`. `ImportScaleTests` runs it as a child process, so other tests never share the measured
/// peak.
@main
struct ImportScaleProbe {
    static func main() async {
        let arguments = CommandLine.arguments
        let format = arguments.count == 4 ? arguments[3] : "jsonl"
        guard (3...4).contains(arguments.count), let bytes = Int(arguments[2]), bytes > 0, ["jsonl", "csv"].contains(format) else {
            FileHandle.standardError.write(Data("usage: ImportScaleProbe DATABASE BYTES [jsonl|csv]\n".utf8))
            exit(64)
        }
        do {
            let csv = URL(fileURLWithPath: arguments[1] + ".csv")
            if format == "csv" { try ProductCSVFeed().write(to: csv, bytes: bytes) }
            let feed = format == "jsonl" ? try OpenFoodFactsFeed() : nil
            let storage = try SQLiteStorage(path: arguments[1])
            let catalog = ProductModuleService(store: SQLiteProductStore(storage: storage), replicaID: ReplicaID("scale"))
            let importer = ImportService(products: catalog, keptWarnings: 1_000)
            ResidentMemory.reset()
            let started = ContinuousClock.now
            let report: ImportReport<ProductID>
            if let feed {
                report = try await importer.importRecords(feed.stream(bytes: bytes), total: nil, from: OpenFoodFactsNormalizer())
            } else {
                let rows = try CSVRecordReader(contentsOf: csv)
                report = try await importer.importRecords(rows, total: nil, from: CSVProductNormalizer())
                if let failure = rows.failure { throw failure }
            }
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
