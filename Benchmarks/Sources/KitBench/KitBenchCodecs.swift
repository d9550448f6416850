import ArgumentParser
import Foundation
import InventoryKit
import InventoryModule
import InventorySync
import OpenFoodFactsFeed
import ProductImport
import ProductModule

/// `kitbench codecs`: what the kit's hand-written record JSON writers cost against `JSONEncoder` writing the same
/// bytes (sorted keys, `/` unescaped, dates as reference-date seconds), per record, for the records every commit and
/// push encodes (an outbox entry as the stores write it, its product's bytes spliced in); and what the hand-written
/// readers cost against `JSONDecoder` reading the same records: products, for the benchmark's products and for
/// normalized Open Food Facts-shaped ones (the catalog's), and outbox entries (a push round's). The reason each
/// codec is kept (docs/performance.md, "Hand-written codecs").
///
/// ```sh
/// Benchmarks/.build/release/kitbench codecs
/// ```
struct KitBenchCodecs: ParsableCommand {
    /// The subcommand's name and help.
    static let configuration = CommandConfiguration(
        commandName: "codecs",
        abstract: "Times RecordCoding's hand-written writers and readers against JSONEncoder and JSONDecoder.",
        discussion: """
            Encodes each record kind (the benchmark products, their sync records and outbox entries, journal \
            entries) both ways, checks that both wrote the same bytes, and prints the best of --passes runs \
            per record; then decodes products (the benchmark's and Open Food Facts-shaped ones) and outbox \
            entries both ways, checking both read the same records.
            """)

    /// Records of each kind.
    @Option(help: "Records of each kind.")
    var count = 20_000

    /// Runs per side; the best is printed. (Not `--repetitions`, which `kitbench` itself takes: a subcommand's
    /// option of that name is never set.)
    @Option(help: "Runs per side; the fastest is printed.")
    var passes = 5

    /// Encodes every kind both ways and prints one line a kind.
    ///
    /// - Throws: `ValidationError` for a count or passes below 1; ``BenchmarkError`` when the two ways write
    ///   different bytes; an encoding error.
    func run() throws {
        guard count > 0, passes > 0 else { throw ValidationError("--count and --passes must be at least 1") }
        let transaction = BenchData.addTransaction(BenchData.products(0..<count))
        print("record            | hand-written | JSONEncoder | ratio")
        print("------------------|--------------|-------------|------")
        try measure("product", transaction.products.map(\.product))
        try measure("sync record", transaction.syncRecords)
        try measureOutbox(transaction.outboxEntries)
        try measure("journal entry", (0..<count).map(RecordBenchData.journalEntry))
        print("")
        print("read              | hand-written | JSONDecoder | ratio")
        print("------------------|--------------|-------------|------")
        try measureReading("product", transaction.products.map(\.product))
        try measureReading("product (OFF)", try Self.openFoodFactsProducts(count))
        try measureReading("outbox entry", transaction.outboxEntries)
    }

    /// `RecordCoding.decode` (the hand-written reader) against `JSONDecoder` of the same stored bytes: products, or
    /// outbox entries as a push round reads them.
    private func measureReading<Record: Codable & Equatable>(_ name: String, _ records: [Record]) throws {
        let payloads = try records.map { try RecordCoding.encode($0) }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .deferredToDate
        for (payload, record) in zip(payloads, records).prefix(100) {
            guard try RecordCoding.decode(Record.self, from: payload) == record,
                try decoder.decode(Record.self, from: payload) == record
            else { throw BenchmarkError.mismatch(scenario: "codecs", detail: "\(name): the two readings differ") }
        }
        let read = try best { for payload in payloads { _ = try RecordCoding.decode(Record.self, from: payload) } }
        let foundation = try best { for payload in payloads { _ = try decoder.decode(Record.self, from: payload) } }
        report(name, count: payloads.count, written: read, foundation: foundation)
    }

    /// Normalized Open Food Facts-shaped products, as the `catalog.*` scenarios store them.
    private static func openFoodFactsProducts(_ count: Int) throws -> [Product] {
        let normalizer = OpenFoodFactsNormalizer()
        let context = NormalizationContext(now: BenchData.now)
        return try OpenFoodFactsFeed().lines(0..<count).map { line in
            guard case .success(let imported) = normalizer.normalize(line, context: context) else {
                throw BenchmarkError.setup("a generated Open Food Facts record does not normalize")
            }
            return imported.product
        }
    }

    private func measure<Value: Encodable>(_ name: String, _ values: [Value]) throws {
        let encoder = Self.foundationEncoder()
        for value in values.prefix(100) where try RecordCoding.encode(value) != encoder.encode(value) {
            throw BenchmarkError.mismatch(scenario: "codecs", detail: "\(name): the two encodings differ")
        }
        let written = try best { for value in values { _ = try RecordCoding.encode(value) } }
        let foundation = try best { for value in values { _ = try encoder.encode(value) } }
        report(name, count: values.count, written: written, foundation: foundation)
    }

    /// An outbox entry as the stores write it: its product's bytes, written once for the product row, spliced in
    /// (`encoded(withProductPayload:)`), against `JSONEncoder` of the whole entry.
    private func measureOutbox(_ entries: [ProductOutboxEntry]) throws {
        let encoder = Self.foundationEncoder()
        let products = try entries.map { try RecordCoding.encode($0.payload.product) }
        for (entry, product) in zip(entries, products).prefix(100)
        where try entry.encoded(withProductPayload: product) != encoder.encode(entry) {
            throw BenchmarkError.mismatch(scenario: "codecs", detail: "outbox entry: the two encodings differ")
        }
        let written = try best { for (entry, product) in zip(entries, products) { _ = try entry.encoded(withProductPayload: product) } }
        let foundation = try best { for entry in entries { _ = try encoder.encode(entry) } }
        report("outbox entry", count: entries.count, written: written, foundation: foundation)
    }

    private static func foundationEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .deferredToDate
        encoder.nonConformingFloatEncodingStrategy = .throw
        return encoder
    }

    private func report(_ name: String, count: Int, written: Double, foundation: Double) {
        let perRecord = { (seconds: Double) in String(format: "%9.2f µs", seconds / Double(count) * 1e6) }
        print(
            name.padding(toLength: 18, withPad: " ", startingAt: 0) + "| " + perRecord(written) + "  | "
                + perRecord(foundation) + " | " + String(format: "%.1fx", foundation / written))
    }

    private func best(_ work: () throws -> Void) throws -> Double {
        var fastest = Double.infinity
        for _ in 0..<passes { fastest = min(fastest, try Stopwatch.timeSync(work)) }
        return fastest
    }
}
