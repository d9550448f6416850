import ArgumentParser
import Foundation
import Hummingbird
import Logging
import NIOCore

/// `off-mirror`: serves recorded Open Food Facts product records on loopback, in OFF's API v2 response shape, with
/// fault modes for client tests, and counts the requests it answers.
///
/// Prints `port=PORT` and then `ready` on standard output once it listens; exits when standard input closes (so
/// a test that started it never leaves it running) or on SIGTERM.
@main
struct OffMirrorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "off-mirror",
        abstract: "Serve recorded Open Food Facts records on loopback, with fault modes, for client tests.")

    @Option(help: "The folder of recorded records, one <code>.json file each (OFF's stored code).")
    var fixtures: String

    @Option(help: "The port to bind on 127.0.0.1; 0 picks a free one.")
    var port: Int = 0

    @Option(
        name: .customLong("fault"),
        help: "CODE=KIND: answer CODE with a fault. KIND: 429, 429-once, 503, 503-once, truncated, dropped, slow.")
    var faults: [String] = []

    @Option(name: .customLong("retry-after"), help: "The Retry-After seconds of a 429 answer.")
    var retryAfter: Int = 1

    @Option(name: .customLong("slow-seconds"), help: "How long a `slow` answer waits before it answers.")
    var slowSeconds: Double = 5

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0...65535.") }
        guard retryAfter >= 0 else { throw ValidationError("--retry-after must be 0 or more.") }
        for fault in faults where MirrorFault.parse(fault) == nil {
            throw ValidationError("--fault \(fault): expected CODE=KIND with KIND one of \(MirrorFault.Kind.names).")
        }
    }

    func run() async throws {
        let records = try MirrorRecords(folder: URL(fileURLWithPath: fixtures))
        let table = Dictionary(faults.compactMap(MirrorFault.parse).map { ($0.code, $0.kind) }) { _, last in last }
        let state = MirrorState(faults: table)
        let behaviour = MirrorBehaviour(
            records: records, state: state, retryAfter: retryAfter, slowNanoseconds: UInt64(max(0, slowSeconds) * 1e9))
        var logger = Logger(label: "off-mirror")
        logger.logLevel = .warning
        let app = Application(
            router: behaviour.router(),
            configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port), serverName: "off-mirror"),
            onServerRunning: { channel in
                let bound = channel.localAddress?.port ?? -1
                // Unbuffered, so the test reading the pipe sees it at once.
                FileHandle.standardOutput.write(Data("port=\(bound)\nready\n".utf8))
            },
            logger: logger
        )
        let server = Task { try await app.runService() }
        // Ends with the test: standard input closing (the test process ended or closed the pipe) stops the mirror.
        Task.detached {
            while let line = readLine() { _ = line }
            server.cancel()
        }
        try await server.value
    }
}
