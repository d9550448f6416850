import ArgumentParser
import Foundation
import InventoryKit
import ProductImport
import ProductModule

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `pantry import <file>`: Open Food Facts JSON / JSONL and CSV feeds through the ImportService.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Import products from an Open Food Facts .json/.jsonl file or a .csv feed.",
        discussion: "CSV columns: barcode, title, brand, category, size (header names are matched case-insensitively).")
    @OptionGroup var options: StoreOptions
    @Argument(help: "The file to import.") var file: String

    func run() async throws {
        let environment = try await PantryEnvironment.open(options, access: .create)
        let started = ContinuousClock.now
        let report = try await Self.importFile(URL(fileURLWithPath: file), into: environment, showProgress: !options.json)
        let seconds = Self.seconds(since: started)
        await environment.close()
        // Records are numbered from 1, in the file's order (the report's indexes count from 0).
        let rejections = report.rejected.map { "record \($0.index + 1): \($0.reason)" }
        let warnings = report.warnings.map { "record \($0.index + 1): \($0.warning)" }
        if options.json {
            struct Summary: JSONObjectOutput {
                var created, updated, unchanged, rejected, warnings: Int
                var rejections, warningMessages: [String]
                var omittedWarnings: Int
                var seconds, recordsPerSecond: Double
            }
            try Output.json(Summary(
                created: report.created.count, updated: report.updated.count, unchanged: report.unchanged.count,
                rejected: report.rejected.count, warnings: report.warningCount, rejections: rejections,
                warningMessages: warnings, omittedWarnings: report.omittedWarnings,
                seconds: (seconds * 1_000).rounded() / 1_000,
                recordsPerSecond: seconds > 0 ? (Double(report.processed) / seconds).rounded() : 0))
        } else {
            print("imported \(report.processed) records in \(String(format: "%.1f", seconds)) s: \(report.created.count) created, "
                  + "\(report.updated.count) updated, \(report.unchanged.count) unchanged, \(report.rejected.count) rejected, "
                  + "\(report.warningCount) warnings")
            // Damaged stored products are named below, every one; other rejections and the warnings up to ten each.
            let shown = zip(report.rejected, rejections).filter { !$0.0.reason.isStoredDamage }.map(\.1)
            Self.printLines(shown, as: "rejected")
            Self.printLines(warnings, as: "warning", more: report.omittedWarnings)
        }
        // A rejection is not a success: a script sees it in the exit status (damaged store, partial, or nothing
        // stored at all).
        let damaged = report.rejected.filter(\.reason.isStoredDamage)
        if !damaged.isEmpty {
            Output.damage(damaged.map(\.description))
            throw PantryError.damagedStore(problems: damaged.count)
        }
        if !report.rejected.isEmpty {
            throw PantryError.importRejected(rejected: report.rejected.count, processed: report.processed)
        }
    }

    /// Prints up to ten lines `  LABEL: LINE`, then how many more there are.
    private static func printLines(_ lines: [String], as label: String, more omitted: Int = 0) {
        for line in lines.prefix(10) { print("  \(label): \(Output.terminalSafe(line))") }
        let more = max(0, lines.count - 10) + omitted
        if more > 0 { print("  … and \(more) more \(label == "warning" ? "warnings" : "rejected")") }
    }

    /// Seconds since an instant.
    static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Reports at most this many warnings one by one; the others are counted.
    static let keptWarnings = 10_000

    /// Imports a file by its extension, drawing a progress line on a terminal. CSV and JSON Lines are streamed:
    /// memory follows the import's batch, not the file.
    static func importFile(_ url: URL, into environment: PantryEnvironment, showProgress: Bool) async throws -> ImportReport<ProductID> {
        let service = ImportService(products: environment.products, keptWarnings: keptWarnings)
        let job: ImportJob
        var lines: JSONLinesReader?
        var rows: CSVRecordReader?
        switch url.pathExtension.lowercased() {
        case "csv":
            // A header that names no known column, or a file that cannot be read, is a CSVReadError (exit 2).
            let reader = try CSVRecordReader(contentsOf: url)
            rows = reader
            // Counting the rows first is one quick read of the file; it gives the progress line its total and ETA.
            let total = showProgress ? reader.reduce(0) { count, _ in count + 1 } : nil
            job = await service.start(reader, total: total, from: CSVProductNormalizer())
        case "jsonl", "ndjson":
            let reader: JSONLinesReader
            do {
                reader = try JSONLinesReader(contentsOf: url)
            } catch {
                throw PantryError.invalidArgument(error.description)
            }
            lines = reader
            // Counting the lines first is one quick read of the file; it gives the progress line its total and ETA.
            let total = showProgress ? reader.reduce(0) { count, _ in count + 1 } : nil
            job = await service.start(reader, total: total, from: OpenFoodFactsNormalizer())
        case "json":
            job = await service.start([try read(url)], from: OpenFoodFactsNormalizer())
        default:
            throw PantryError.invalidArgument("\(url.lastPathComponent): use a .csv, .json or .jsonl file")
        }
        let progressLine = ImportProgressLine(enabled: showProgress && isatty(STDOUT_FILENO) == 1)
        for await progress in job.progress { progressLine.show(progress) }
        progressLine.finish()
        let report = try await job.report()
        if let failure = lines?.failure { throw PantryError.invalidArgument(failure.description) }
        if let failure = rows?.failure { throw failure }
        return report
    }

    private static func read(_ url: URL) throws -> Data {
        do {
            return try Data(contentsOf: url)
        } catch {
            throw PantryError.invalidArgument("cannot read \(url.path): \(error.localizedDescription)")
        }
    }
}

extension ImportRejection {
    /// Whether the record was refused because the catalog's stored copy cannot be read.
    fileprivate var isStoredDamage: Bool {
        if case .storedProductDamaged = self { true } else { false }
    }
}
