import Foundation
import InventoryKit
import InventoryKitTesting
@testable import InventoryModule
import InventoryModuleTesting
import Testing

/// A store that holds checkpoints written as JSON by an earlier version keeps working: the service opens from them
/// (the state is the full fold), and the checkpoints it writes from then on are in the binary form.
@Suite("Checkpoints stored as JSON by an earlier version")
struct LegacyCheckpointTests {
    typealias S = ServiceFixtures

    @Test("a service opens from a JSON checkpoint to the full fold, and writes its next checkpoint in the binary form")
    func jsonCheckpointOpensAndIsSucceeded() async throws {
        let device = S.Device("d", remote: InMemoryInventoryRemote(), checkpoints: InventoryCheckpointPolicy(interval: 5))
        try await device.setUpHousehold()
        for index in 0..<6 { _ = try await device.purchase(S.products[index % 3], "1", at: S.pantry) }
        await device.service.waitForBackgroundWork()
        let store = device.service.store
        let marks = try await store.checkpointMarks(of: S.home)
        let newest = try #require(marks.max { $0.orderKey < $1.orderKey })
        // Rewrite the newest checkpoint as an earlier version stored it: the state's JSON.
        let binary = try #require(try await store.checkpoint(newest))
        #expect(InventoryCheckpointFormat.matches(binary.stateData))
        var rewrite = InventoryLocalTransaction()
        rewrite.checkpoints = [InventoryCheckpoint(mark: newest, stateData: try RecordCoding.encode(try binary.state()))]
        try await store.commit(rewrite)
        #expect(try await store.checkpoint(newest).map { InventoryCheckpointFormat.matches($0.stateData) } == false)

        await device.restart()
        try await CheckpointPropertyTests.expectFullFold(device)
        for index in 0..<5 { _ = try await device.purchase(S.products[index % 3], "2", at: S.pantry) }
        await device.service.waitForBackgroundWork()
        let later = try await store.checkpointMarks(of: S.home).filter { $0.orderKey > newest.orderKey }
        #expect(!later.isEmpty)
        for mark in later {
            let checkpoint = try #require(try await store.checkpoint(mark))
            #expect(InventoryCheckpointFormat.matches(checkpoint.stateData))
        }
        await device.restart()
        try await CheckpointPropertyTests.expectFullFold(device)
    }
}
