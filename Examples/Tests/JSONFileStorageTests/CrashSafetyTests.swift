import Foundation
import InventoryKit
import InventoryKitTesting
import InventorySync
import JSONFileStorage
import ProductModule
import ProductModuleTesting
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("JSONFileStorage crash safety")
struct CrashSafetyTests {
    static let batchSize = 20

    /// The built helper executable, found next to the test bundle.
    static func writerExecutable() throws -> URL {
        var candidates: [URL] = []
        for start in [Bundle.main.bundleURL, URL(fileURLWithPath: CommandLine.arguments[0])] {
            var folder = start
            for _ in 0..<4 {
                candidates.append(folder.appendingPathComponent("JSONStoreCrashWriter"))
                folder = folder.deletingLastPathComponent()
            }
        }
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "JSONStoreCrashWriter was not built next to the tests: \(candidates.map(\.path))")
    }

    @Test("a writer killed at random points 50 times always leaves a consistent store whose outbox replays exactly once")
    func killedWriter() async throws {
        let executable = try Self.writerExecutable()
        let folder = temporaryFolder()
        var random = SeededRandomNumberGenerator(seed: 20_261_122)
        var nextBatch = 0
        var completedRuns = 0
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = executable
            process.arguments = [folder.path, String(nextBatch), "1000", String(Self.batchSize)]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            // Without Swift's crash reporter: it inherits the descriptor `Process` watches for the child's exit,
            // so a crashing writer would hang this test instead of failing it.
            process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { _, new in new }
            try process.run()
            try await Task.sleep(nanoseconds: UInt64.random(in: 30_000_000...250_000_000, using: &random))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .exit { completedRuns += 1 }
            #expect(
                process.terminationReason == .exit || process.terminationStatus == SIGKILL,
                "the writer died of signal \(process.terminationStatus), not of the test's SIGKILL")

            // Reopen: every batch is all there or absent, and every stored product has exactly one outbox entry.
            let storage = try await JSONFileStorage(root: folder)
            #expect(await storage.integrityIssues.isEmpty)
            let products = try await storage.domainMetadata.all(in: StorageProductStore.productCollection)
            let outbox = try await storage.userMetadata.all(in: ProductOutboxEntry.collection)
            var perBatch: [String: Int] = [:]
            for record in products { perBatch[record[field: "brand"].stringValue ?? "?", default: 0] += 1 }
            #expect(perBatch.values.allSatisfy { $0 == Self.batchSize }, "a batch was partly written: \(perBatch)")
            let outboxProducts = try outbox.map { try ProductOutboxEntry.decode($0).payload.productID.recordID }
            #expect(Set(outboxProducts) == Set(products.map(\.id)) && outboxProducts.count == products.count)
            nextBatch = (perBatch.keys.compactMap { Int($0.dropFirst()) }.max() ?? -1) + 1
            await storage.close()
        }
        // A loaded machine can let a run finish before its kill; most runs must still die mid-write.
        #expect(completedRuns < 10, "the writer finished before it was killed in \(completedRuns) of 50 runs")
        #expect(nextBatch > 0, "the writer never committed a batch")

        let storage = try await JSONFileStorage(root: folder)
        let remote = InMemoryProductRemote()
        let service = ProductModuleService(
            storage: storage, remote: remote, strategy: ProductSyncStrategy(readPolicy: .localOnly, writePolicy: .localThenEnqueue),
            replicaID: ReplicaID("parent"))
        let stored = try await storage.domainMetadata.count(matching: nil, in: StorageProductStore.productCollection)
        let report = try await service.syncPending()
        #expect(report.pushed == stored && report.remaining == 0)
        #expect(await remote.appliedCount == stored)
        #expect(await remote.products().count == stored)
    }
}
