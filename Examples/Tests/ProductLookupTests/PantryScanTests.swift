import ExamplesTestSupport
import Foundation
import Testing

/// `pantry scan` and `pantry product refresh` against `off-mirror`, run as a user would.
@Suite("pantry scan against off-mirror", .timeLimit(.minutes(2)))
struct PantryScanTests {
    struct Run {
        var status: Int32
        var output: String
        var error: String
    }

    /// The built `pantry`, next to this test bundle.
    static func binary() throws -> URL {
        let start = URL(fileURLWithPath: CommandLine.arguments[0])
        let candidates = (0..<4).map { level in
            (0..<level).reduce(start) { url, _ in url.deletingLastPathComponent() }.appendingPathComponent("pantry")
        }
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }, "pantry is not built")
    }

    /// Runs the built `pantry` (next to this test bundle) in `folder`.
    static func pantry(_ arguments: [String], in folder: URL) throws -> Run {
        let process = Process()
        process.executableURL = try binary()
        process.arguments = arguments + ["--path", folder.appendingPathComponent("store.sqlite").path]
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        let (output, error) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self), error: String(decoding: err, as: UTF8.self))
    }

    static func folder() throws -> URL {
        try TestFolder.make("pantry-scan")
    }

    @Test("a scan stores the mirror's product with provenance; the second scan answers from the catalog, no request")
    func scanThenLocal() async throws {
        let mirror = try OffMirrorFixture.start()
        defer { mirror.stop() }
        let folder = try Self.folder()
        let first = try Self.pantry(["scan", "3029330003533", "--off-url", mirror.url.absoluteString, "--json"], in: folder)
        #expect(first.status == 0, "\(first.error)")
        let report = try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any]
        #expect(report?["outcome"] as? String == "stored")
        #expect((report?["source"] as? String)?.hasPrefix("lookup \(mirror.url.absoluteString)/api/v2/product/3029330003533") == true)
        #expect(first.output.contains("openfoodfacts"))
        let second = try Self.pantry(["scan", "3 029330 003533", "--off-url", mirror.url.absoluteString], in: folder)
        #expect(second.status == 0)
        #expect(second.output.contains("inCatalog"))
        #expect(try await mirror.requests().total == 1)
        let shown = try Self.pantry(["product", "show", "3029330003533"], in: folder)
        #expect(shown.status == 0)
    }

    @Test("an unknown barcode stores nothing and says so in one line; offline answers from the cache")
    func notFoundAndOffline() async throws {
        let mirror = try OffMirrorFixture.start()
        defer { mirror.stop() }
        let folder = try Self.folder()
        let missing = try Self.pantry(["scan", "4006381333931", "--off-url", mirror.url.absoluteString], in: folder)
        #expect(missing.status == 1)
        #expect(missing.error.split(separator: "\n").count == 1)
        #expect(missing.error.contains("not found"))
        let list = try Self.pantry(["product", "list", "--json"], in: folder)
        #expect(!list.output.contains("4006381333931"))
        // Stored once, deleted from the catalog: the offline scan answers from the cached response.
        _ = try Self.pantry(["scan", "3168930007432", "--off-url", mirror.url.absoluteString], in: folder)
        _ = try Self.pantry(["product", "delete", "3168930007432"], in: folder)
        let offline = try Self.pantry(["scan", "3168930007432", "--offline", "--json"], in: folder)
        #expect(offline.output.contains("cache openfoodfacts/product/3168930007432"), "\(offline.output) \(offline.error)")
        let never = try Self.pantry(["scan", "3045320094008", "--offline"], in: folder)
        #expect(never.status == 1)
        #expect(never.error.contains("offline"))
        #expect(try await mirror.requests().total == 2)
    }

    @Test("product refresh asks again and keeps the catalog's product")
    func refresh() async throws {
        let mirror = try OffMirrorFixture.start()
        defer { mirror.stop() }
        let folder = try Self.folder()
        _ = try Self.pantry(["scan", "3523230028431", "--off-url", mirror.url.absoluteString], in: folder)
        let refreshed = try Self.pantry(["product", "refresh", "3523230028431", "--off-url", mirror.url.absoluteString, "--json"], in: folder)
        #expect(refreshed.status == 0, "\(refreshed.error)")
        #expect(refreshed.output.contains("\"refreshed\""))
        #expect(try await mirror.requests().total == 2)
    }

    @Test("a bad barcode is a one-line error with the bad-input status")
    func badBarcode() throws {
        let run = try Self.pantry(["scan", "12345"], in: try Self.folder())
        #expect(run.status == 2)
        #expect(run.error.split(separator: "\n").count == 1)
    }
}
