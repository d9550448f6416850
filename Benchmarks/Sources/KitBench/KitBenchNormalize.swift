import ArgumentParser
import Foundation
import InventoryKit
import OpenFoodFactsFeed
import ProductImport
import ProductModule

/// `kitbench normalize`: what `OpenFoodFactsNormalizer.normalize` alone costs per record over the import
/// scenarios' Open Food Facts-shaped feed (the least CPU time of the thread over --passes passes, which another
/// process on the machine disturbs far less than the wall-clock time), and a digest of everything it
/// produced (each product's stored bytes, its warnings, each rejection, each record's fingerprint), so two builds
/// can be held to the same output.
///
/// ```sh
/// Benchmarks/.build/release/kitbench normalize --count 20000 --passes 9
/// ```
struct KitBenchNormalize: ParsableCommand {
    /// The subcommand's name and help.
    static let configuration = CommandConfiguration(
        commandName: "normalize",
        abstract: "Times OpenFoodFactsNormalizer.normalize per record and prints a digest of its output.",
        discussion: """
            Normalizes the import scenarios' Open Food Facts-shaped records --passes times, prints the \
            least CPU time of a pass per record, then a digest of the products (stored bytes), warnings, rejections and \
            fingerprints: equal digests mean equal output.
            """)

    /// Records normalized per pass.
    @Option(help: "Records normalized per pass.")
    var count = 20_000

    /// Passes; the one of least CPU time is printed. (Not `--repetitions`, which `kitbench` itself takes.)
    @Option(help: "Passes; the one of least CPU time is printed.")
    var passes = 9

    /// Times the passes, then prints the time per record and the digest.
    ///
    /// - Throws: `ValidationError` for a count or passes below 1; a setup or encoding error.
    func run() throws {
        guard count > 0, passes > 0 else { throw ValidationError("--count and --passes must be at least 1") }
        let lines = try OpenFoodFactsFeed().lines(0..<count)
        let normalizer = OpenFoodFactsNormalizer()
        let context = NormalizationContext(now: BenchData.now)
        var leastCPU = Double.infinity
        var leastWall = Double.infinity
        for _ in 0..<passes {
            let cpuBefore = Self.threadCPUSeconds()
            let wall = Stopwatch.timeSync {
                for line in lines { _ = normalizer.normalize(line, context: context) }
            }
            leastCPU = min(leastCPU, Self.threadCPUSeconds() - cpuBefore)
            leastWall = min(leastWall, wall)
        }
        print(
            String(
                format: "normalize: %.2f µs of CPU a record (%.2f µs wall; least of %d passes of %d)",
                leastCPU / Double(count) * 1e6, leastWall / Double(count) * 1e6, passes, count))
        var digest = SourceFingerprinter(seed: "kitbench.normalize")
        // The fixtures' whole API responses too (envelopes, a not-found one), then the feed's lines.
        let fixtures = try FileManager.default.contentsOfDirectory(
            at: OpenFoodFactsFeed.repositoryFixtures, includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        for line in try fixtures.map({ try Data(contentsOf: $0) }) + lines {
            switch normalizer.normalize(line, context: context) {
            case .success(let imported):
                digest.combine(try RecordCoding.encode(imported.product))
                for warning in imported.warnings { digest.combine(warning.description) }
            case .failure(let rejection):
                digest.combine("rejected: \(rejection)")
            }
            digest.combine(normalizer.sourceFingerprint(of: line) ?? "no fingerprint")
        }
        print("output digest: \(digest.fingerprint)")
    }

    /// The CPU time this thread has used, in seconds.
    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
