import ExamplesTestSupport
import Foundation
import Testing

/// An import's memory follows its batch, not its feed: a streamed Open Food Facts feed, or a CSV file read by
/// `CSVRecordReader`, into a new SQLite store, imported by the `ImportScaleProbe` helper in a process of its own (so
/// no other test shares the measured peak).
///
/// The feed's size comes from `INVENTORYKIT_IMPORT_SCALE_BYTES` (default 8 MiB, about 4,000 records, so the debug
/// test run stays short); the 1 GiB run is recorded in docs/performance.md:
///
///     INVENTORYKIT_IMPORT_SCALE_BYTES=1073741824 swift test -c release --package-path Examples --filter ImportScaleTests
@Suite("Import at catalog scale")
struct ImportPeakMemoryTests {
    /// The feed's size in bytes.
    static var feedBytes: Int {
        ProcessInfo.processInfo.environment["INVENTORYKIT_IMPORT_SCALE_BYTES"].flatMap(Int.init) ?? 8 << 20
    }

    /// The most resident memory the import may reach, whatever the feed's size.
    static let peakLimit = 300 << 20

    /// What the probe prints.
    struct ProbeResult: Decodable {
        var records, created, rejected, keptWarnings: Int
        var seconds: Double
        var peakBytes: Int
    }

    /// The built helper, found next to the test bundle.
    static func probeExecutable() throws -> URL {
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
            var folder = start
            for _ in 0..<4 {
                candidates.append(folder.appendingPathComponent("ImportScaleProbe"))
                folder = folder.deletingLastPathComponent()
            }
        }
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "ImportScaleProbe was not built next to the tests: \(candidates.map(\.path))")
    }

    /// Runs the probe on a new store in a folder of its own and decodes what it prints.
    static func probe(format: String) throws -> ProbeResult {
        let folder = try TestFolder.make("import-scale")
        let process = Process()
        process.executableURL = try Self.probeExecutable()
        process.arguments = [folder.appendingPathComponent("catalog.sqlite").path, String(Self.feedBytes), format]
        let output = Pipe()
        process.standardOutput = output
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        let result = try JSONDecoder().decode(ProbeResult.self, from: data)
        print("import scale (\(format)): \(Self.feedBytes >> 20) MiB, \(result.records) records in \(String(format: "%.1f", result.seconds)) s, "
              + "peak RSS \(result.peakBytes >> 20) MiB")
        return result
    }

    @Test("a streamed Open Food Facts feed imports into SQLite in less than 300 MB of peak memory, whatever its size")
    func peakMemoryFollowsTheBatch() throws {
        let result = try Self.probe(format: "jsonl")
        #expect(result.records > 0 && result.created == result.records && result.rejected == 0, "\(result)")
        #expect(result.keptWarnings <= 1_000)
        #expect(result.peakBytes > 0 && result.peakBytes < Self.peakLimit, "peak resident memory \(result.peakBytes >> 20) MiB")
    }

    @Test("a CSV file streamed by CSVRecordReader imports into SQLite in less than 300 MB of peak memory, whatever its size")
    func csvPeakMemoryFollowsTheBatch() throws {
        let result = try Self.probe(format: "csv")
        #expect(result.records > Self.feedBytes / 1_000 && result.created == result.records && result.rejected == 0, "\(result)")
        #expect(result.keptWarnings <= 1_000)
        #expect(result.peakBytes > 0 && result.peakBytes < Self.peakLimit, "peak resident memory \(result.peakBytes >> 20) MiB")
    }
}
