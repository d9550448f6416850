import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The Server package's `off-mirror` on a free loopback port, serving the recorded Open Food Facts records of
/// `../shared/fixtures/openfoodfacts` (else the kit's test fixtures), started by each test with its own faults.
///
/// The mirror stops when its standard input closes: at ``stop()``, or when this process ends however it ends.
final class OffMirrorFixture: @unchecked Sendable {  // immutable after init; `process` is only waited on in stop()
    /// `http://127.0.0.1:PORT`.
    let url: URL
    private let process: Process
    private let input: Pipe

    private init(url: URL, process: Process, input: Pipe) {
        self.url = url
        self.process = process
        self.input = input
    }

    /// The repository's root, from this file's path.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `$OFF_MIRROR_BIN`, else `Server/.build/debug/off-mirror` (scripts/test builds it before the Examples tests).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["OFF_MIRROR_BIN"] { return URL(fileURLWithPath: path) }
        return repository.appendingPathComponent("Server/.build/debug/off-mirror")
    }

    /// The recorded records: the shared fixtures beside the checkout, else the kit's copy of them.
    static var fixtures: URL {
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/openfoodfacts")
        if FileManager.default.fileExists(atPath: shared.path) { return shared }
        return repository.appendingPathComponent("Tests/ProductImportTests/Fixtures")
    }

    /// Starts a mirror with `--fault CODE=KIND` for each fault, and waits until it listens.
    static func start(faults: [String: String] = [:], retryAfter: Int = 1, slowSeconds: Double = 5) throws -> OffMirrorFixture {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw MirrorError("\(binary.path) is missing: run `swift build --package-path Server --scratch-path Server/.build --product off-mirror`")
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--fixtures", fixtures.path, "--retry-after", String(retryAfter), "--slow-seconds", String(slowSeconds)]
            + faults.sorted { $0.key < $1.key }.flatMap { ["--fault", "\($0.key)=\($0.value)"] }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        while !text.contains("ready\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { throw MirrorError("off-mirror exited before it was ready: \(text)") }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("port=") }), let port = Int(line.dropFirst(5)),
            let url = URL(string: "http://127.0.0.1:\(port)")
        else { throw MirrorError("off-mirror printed \(text)") }
        return OffMirrorFixture(url: url, process: process, input: input)
    }

    /// Stops the mirror and waits for it.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    /// The mirror's request log.
    struct RequestLog: Decodable {
        var total: Int
        var byCode: [String: Int]
        /// Each product request's time, in seconds since the mirror started.
        var times: [Double]
        /// The mirror's start, in seconds since 1970: `startedAt + times[i]` is a request's time on the test's clock.
        var startedAt: Double

        /// Each product request's time on the wall clock, oldest first.
        var wallTimes: [Date] { times.sorted().map { Date(timeIntervalSince1970: startedAt + $0) } }
    }

    /// The requests the mirror counted.
    func requests() async throws -> RequestLog {
        let (data, _) = try await URLSession.shared.data(from: url.appendingPathComponent("__requests"))
        return try JSONDecoder().decode(RequestLog.self, from: data)
    }
}

/// Why the mirror could not be used.
struct MirrorError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
