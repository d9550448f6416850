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
        let report = try await Self.importFile(URL(fileURLWithPath: file), into: environment, showProgress: !options.json)
        await environment.close()
        // Records are numbered from 1, in the file's order (the report's indexes count from 0).
        let rejections = report.rejected.map { "record \($0.index + 1): \($0.reason)" }
        let warnings = report.warnings.map { "record \($0.index + 1): \($0.warning)" }
        if options.json {
            struct Summary: Encodable {
                var created, updated, unchanged, rejected, warnings: Int
                var rejections, warningMessages: [String]
            }
            try Output.json(Summary(
                created: report.created.count, updated: report.updated.count, unchanged: report.unchanged.count,
                rejected: report.rejected.count, warnings: report.warnings.count, rejections: rejections,
                warningMessages: warnings))
        } else {
            print("imported \(report.processed) records: \(report.created.count) created, \(report.updated.count) updated, "
                  + "\(report.unchanged.count) unchanged, \(report.rejected.count) rejected, \(report.warnings.count) warnings")
            // Damaged stored products are named below, every one; other rejections and the warnings up to ten each.
            let shown = zip(report.rejected, rejections).filter { !$0.0.reason.isStoredDamage }.map(\.1)
            Self.printLines(shown, as: "rejected")
            Self.printLines(warnings, as: "warning")
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
    private static func printLines(_ lines: [String], as label: String) {
        for line in lines.prefix(10) { print("  \(label): \(Output.terminalSafe(line))") }
        if lines.count > 10 { print("  … and \(lines.count - 10) more \(label == "warning" ? "warnings" : "rejected")") }
    }

    /// Imports a file by its extension, drawing a progress bar on a terminal.
    static func importFile(_ url: URL, into environment: PantryEnvironment, showProgress: Bool) async throws -> ImportReport<ProductID> {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PantryError.invalidArgument("cannot read \(url.path): \(error.localizedDescription)")
        }
        let service = ImportService(products: environment.products)
        let job: ImportJob
        switch url.pathExtension.lowercased() {
        case "csv":
            job = await service.start(try CSVDocument(reading: data).records, from: CSVProductNormalizer())
        case "jsonl", "ndjson":
            job = await service.start(OpenFoodFactsNormalizer.records(fromJSONLines: data), from: OpenFoodFactsNormalizer())
        case "json":
            job = await service.start([data], from: OpenFoodFactsNormalizer())
        default:
            throw PantryError.invalidArgument("\(url.lastPathComponent): use a .csv, .json or .jsonl file")
        }
        let drawBar = showProgress && isatty(STDOUT_FILENO) == 1
        for await progress in job.progress where drawBar {
            let fraction = progress.fractionCompleted ?? 0
            let filled = Int(fraction * 30)
            let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: 30 - filled)
            FileHandle.standardOutput.write(Data("\r[\(bar)] \(progress.processed)/\(progress.total ?? 0)".utf8))
        }
        if drawBar { print("") }
        return try await job.report()
    }
}

extension ImportRejection {
    /// Whether the record was refused because the catalog's stored copy cannot be read.
    fileprivate var isStoredDamage: Bool {
        if case .storedProductDamaged = self { true } else { false }
    }
}
